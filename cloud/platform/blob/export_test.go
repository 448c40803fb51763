package blob

// TuneS3 lowers an S3 store's in-memory spool and List page size, so tests
// reach the temporary file and the second page with little data.
func TuneS3(s *S3, spoolLimit int64, pageSize int32) {
	s.spoolLimit, s.pageSize = spoolLimit, pageSize
}

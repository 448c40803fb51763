package blob

import "syscall"

// diskSpace is the bytes free to an unprivileged writer and the size of the
// file system holding dir; ok is false when it cannot be read.
func diskSpace(dir string) (free, size uint64, ok bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, 0, false
	}
	return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), true //nolint:gosec // the block size is positive
}

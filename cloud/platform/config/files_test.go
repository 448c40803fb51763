package config

import (
	"testing"

	"hearth/cloud/platform/blob"
)

func TestFilesInS3(t *testing.T) {
	for _, k := range []string{"HEARTH_FILES_DIR", "HEARTH_S3_ENDPOINT", "HEARTH_S3_REGION", "HEARTH_S3_PATH_STYLE", "HEARTH_S3_SSE", "HEARTH_S3_KMS_KEY_ID"} {
		t.Setenv(k, "")
	}
	f, err := loadFiles("/data")
	if err != nil || f.Dir != "/data/files" || f.S3 != (blob.S3Options{}) {
		t.Fatalf("defaults: %+v %v", f, err)
	}
	t.Setenv("HEARTH_FILES_DIR", "s3://hearth/files")
	t.Setenv("HEARTH_S3_ENDPOINT", "https://seaweedfs.internal:8333")
	t.Setenv("HEARTH_S3_REGION", "eu-west-2")
	t.Setenv("HEARTH_S3_PATH_STYLE", "1")
	t.Setenv("HEARTH_S3_SSE", "aws:kms")
	t.Setenv("HEARTH_S3_KMS_KEY_ID", "alias/hearth")
	f, err = loadFiles("/data")
	want := blob.S3Options{Endpoint: "https://seaweedfs.internal:8333", Region: "eu-west-2", PathStyle: true, Encryption: "aws:kms", KMSKeyID: "alias/hearth"}
	if err != nil || f.Dir != "s3://hearth/files" || f.S3 != want {
		t.Fatalf("set: %+v %v", f, err)
	}
	for _, bad := range [][2]string{{"DES", ""}, {"AES256", "alias/hearth"}, {"off", "alias/hearth"}} {
		t.Setenv("HEARTH_S3_SSE", bad[0])
		t.Setenv("HEARTH_S3_KMS_KEY_ID", bad[1])
		if _, err := loadFiles("/data"); err == nil {
			t.Errorf("HEARTH_S3_SSE=%s HEARTH_S3_KMS_KEY_ID=%s accepted", bad[0], bad[1])
		}
	}
}

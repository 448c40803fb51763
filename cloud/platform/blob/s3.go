package blob

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// S3Options are the settings of an S3-compatible store (HEARTH_S3_*,
// docs/operations.md). The zero value is AWS S3, the region from the SDK's
// chain, and server-side encryption with S3-managed keys (AES256).
// Credentials are never here: the SDK's standard chain finds them
// (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role).
type S3Options struct {
	// Endpoint is the store's URL (https://s3.example.org:8333); empty: AWS.
	Endpoint string
	// Region is the bucket's region; empty: the SDK's (AWS_REGION, the profile), else us-east-1.
	Region string
	// PathStyle puts the bucket in the path (https://host/bucket/key), as most
	// self-hosted stores want, instead of in the host name.
	PathStyle bool
	// Encryption is the server-side encryption asked on every write:
	// "" or "AES256" (S3-managed keys), "aws:kms" (KMSKeyID, or the account's
	// default KMS key), or "off" for a store that refuses the header.
	Encryption string
	// KMSKeyID is the KMS key of "aws:kms"; set alone, it means "aws:kms".
	KMSKeyID string
}

// Encryption settings of S3Options.
const (
	EncryptionAES256 = "AES256"
	EncryptionKMS    = "aws:kms"
	EncryptionOff    = "off"
)

// spoolInMemory is how much of an upload Put holds in memory; a larger one is
// spooled to a temporary file. The request needs its length and MD5 first,
// and a seekable body so that a failed attempt can be sent again.
const spoolInMemory = 8 << 20

// S3 keeps blobs as objects in one bucket under a prefix: AWS S3 or any
// S3-compatible store (Cloudflare R2, SeaweedFS, Ceph RGW, MinIO). Every
// replica of the server can read what another wrote.
type S3 struct {
	client     *s3.Client
	bucket     string
	prefix     string // "" or ending with "/"
	sse        types.ServerSideEncryption
	kmsKeyID   string
	spoolLimit int64 // spoolInMemory; tests lower it
	pageSize   int32 // keys asked per List page (0: the store's default, 1,000 on S3); tests lower it
}

// NewS3 makes the store for a location "s3://bucket" or "s3://bucket/prefix".
// It does not call the store: a wrong bucket or credential shows on first use.
func NewS3(ctx context.Context, location string, o S3Options) (*S3, error) {
	bucket, prefix, err := parseS3Location(location)
	if err != nil {
		return nil, err
	}
	sse, kmsKey, err := o.encryption()
	if err != nil {
		return nil, err
	}
	if o.Endpoint != "" && !strings.HasPrefix(o.Endpoint, "https://") && !strings.HasPrefix(o.Endpoint, "http://") {
		return nil, fmt.Errorf("blob: S3 endpoint %q must start with https:// (or http://)", o.Endpoint)
	}
	var load []func(*awsconfig.LoadOptions) error
	if o.Region != "" {
		load = append(load, awsconfig.WithRegion(o.Region))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, load...)
	if err != nil {
		return nil, fmt.Errorf("blob: S3 settings: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1" // what self-hosted stores answer to when none is set
	}
	client := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.Endpoint != "" {
			so.BaseEndpoint = aws.String(o.Endpoint)
		}
		so.UsePathStyle = o.PathStyle
		// Checksums only where S3 requires them: many S3-compatible stores
		// refuse the newer checksum headers and their chunked uploads. Put
		// sends Content-MD5, which S3 and the stores that follow it check.
		so.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &S3{client: client, bucket: bucket, prefix: prefix, sse: sse, kmsKeyID: kmsKey, spoolLimit: spoolInMemory}, nil
}

func parseS3Location(location string) (bucket, prefix string, err error) {
	u, err := url.Parse(location)
	if err != nil {
		return "", "", fmt.Errorf("blob: S3 location %q: %w", location, err)
	}
	if u.Scheme != "s3" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", "", fmt.Errorf("blob: S3 location %q: want s3://bucket or s3://bucket/prefix", location)
	}
	if p := strings.Trim(u.Path, "/"); p != "" {
		if err := ValidKey(p); err != nil {
			return "", "", fmt.Errorf("blob: S3 location %q: bad prefix", location)
		}
		prefix = p + "/"
	}
	return u.Host, prefix, nil
}

func (o S3Options) encryption() (types.ServerSideEncryption, string, error) {
	switch {
	case o.Encryption == EncryptionOff && o.KMSKeyID != "":
		return "", "", errors.New("blob: S3 encryption is off but a KMS key is set")
	case o.Encryption == EncryptionOff:
		return "", "", nil
	case o.Encryption == EncryptionKMS || o.Encryption == "" && o.KMSKeyID != "":
		return types.ServerSideEncryptionAwsKms, o.KMSKeyID, nil
	case o.Encryption == "" || o.Encryption == EncryptionAES256:
		if o.KMSKeyID != "" {
			return "", "", errors.New("blob: S3 encryption AES256 takes no KMS key (use aws:kms)")
		}
		return types.ServerSideEncryptionAes256, "", nil
	default:
		return "", "", fmt.Errorf("blob: S3 encryption %q: want AES256, aws:kms or off", o.Encryption)
	}
}

// Location is where the store writes, for logs: s3://bucket/prefix.
func (s *S3) Location() string { return "s3://" + s.bucket + "/" + s.prefix }

func (s *S3) object(key string) (*string, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	return aws.String(s.prefix + key), nil
}

// Put sends the bytes in one PUT: S3 makes an object visible whole or not at
// all, and answers only once it is stored durably. Content-MD5 lets the store
// refuse bytes that changed on the way.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	obj, err := s.object(key)
	if err != nil {
		return 0, err
	}
	sp, err := spool(ctx, key, r, s.spoolLimit)
	if err != nil {
		return sp.size, err
	}
	defer sp.release()
	in := &s3.PutObjectInput{Bucket: aws.String(s.bucket), Key: obj, Body: sp.body, ContentLength: aws.Int64(sp.size),
		ContentMD5: aws.String(sp.md5), ServerSideEncryption: s.sse}
	if s.kmsKeyID != "" {
		in.SSEKMSKeyId = aws.String(s.kmsKeyID)
	}
	if _, err := s.client.PutObject(ctx, in); err != nil {
		return sp.size, fmt.Errorf("blob: put %s: %w", key, err)
	}
	return sp.size, nil
}

// spooled is an upload read whole: a seekable body, its length and its MD5.
type spooled struct {
	body    io.ReadSeeker
	size    int64
	md5     string // base64, as Content-MD5 carries it
	release func() // removes the temporary file, if any
}

// spool reads r whole, in memory up to limit bytes and into a temporary file beyond.
func spool(ctx context.Context, key string, r io.Reader, limit int64) (spooled, error) {
	src := ctxReader{ctx: ctx, r: r}
	sum := md5.New()
	var buf bytes.Buffer
	n, err := io.CopyN(io.MultiWriter(&buf, sum), src, limit+1)
	if errors.Is(err, io.EOF) {
		return spooled{body: bytes.NewReader(buf.Bytes()), size: n, md5: base64.StdEncoding.EncodeToString(sum.Sum(nil)), release: func() {}}, nil
	}
	if err != nil {
		return spooled{size: n}, fmt.Errorf("blob: read %s: %w", key, err)
	}
	f, err := os.CreateTemp("", "hearth-s3-put-*")
	if err != nil {
		return spooled{size: n}, fmt.Errorf("blob: spool %s: %w", key, err)
	}
	release := func() {
		f.Close()
		os.Remove(f.Name())
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		release()
		return spooled{size: n}, fmt.Errorf("blob: spool %s: %w", key, err)
	}
	rest, err := io.Copy(io.MultiWriter(f, sum), src)
	n += rest
	if err != nil {
		release()
		return spooled{size: n}, fmt.Errorf("blob: read %s: %w", key, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		release()
		return spooled{size: n}, fmt.Errorf("blob: spool %s: %w", key, err)
	}
	return spooled{body: f, size: n, md5: base64.StdEncoding.EncodeToString(sum.Sum(nil)), release: release}, nil
}

// Open streams the object; the caller's context bounds the whole read.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	obj, err := s.object(key)
	if err != nil {
		return nil, Info{}, err
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: obj})
	if missing(err) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, fmt.Errorf("blob: open %s: %w", key, err)
	}
	return out.Body, Info{Size: aws.ToInt64(out.ContentLength), ModTime: aws.ToTime(out.LastModified)}, nil
}

// Stat asks for the object's head.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	obj, err := s.object(key)
	if err != nil {
		return Info{}, err
	}
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: obj})
	if missing(err) {
		return Info{}, ErrNotFound
	}
	if err != nil {
		return Info{}, fmt.Errorf("blob: stat %s: %w", key, err)
	}
	return Info{Size: aws.ToInt64(out.ContentLength), ModTime: aws.ToTime(out.LastModified)}, nil
}

// Delete removes the object; S3 answers a missing one as deleted too.
func (s *S3) Delete(ctx context.Context, key string) error {
	obj, err := s.object(key)
	if err != nil {
		return err
	}
	_, err = s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.bucket), Key: obj})
	if err != nil && !missing(err) {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// List pages through the objects under the folder prefix.
func (s *S3) List(ctx context.Context, prefix string) ([]string, error) {
	if !strings.HasSuffix(prefix, "/") {
		return nil, fmt.Errorf("blob: list prefix %q must end with /", prefix)
	}
	if err := ValidKey(strings.TrimSuffix(prefix, "/")); err != nil {
		return nil, err
	}
	in := &s3.ListObjectsV2Input{Bucket: aws.String(s.bucket), Prefix: aws.String(s.prefix + prefix)}
	if s.pageSize > 0 {
		in.MaxKeys = aws.Int32(s.pageSize)
	}
	var keys []string
	for pages := s3.NewListObjectsV2Paginator(s.client, in); pages.HasMorePages(); {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("blob: list %s: %w", prefix, err)
		}
		for _, o := range page.Contents {
			keys = append(keys, strings.TrimPrefix(aws.ToString(o.Key), s.prefix))
		}
	}
	return keys, nil
}

// Ready checks that the bucket is there and the credentials may use it (HEAD bucket).
func (s *S3) Ready(ctx context.Context) error {
	if _, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(s.bucket)}); err != nil {
		return fmt.Errorf("blob: bucket %s: %w", s.bucket, err)
	}
	return nil
}

// missing tells an answer that the object does not exist (GET answers
// NoSuchKey, HEAD a bare 404) from a missing bucket, which is a setup error.
func missing(err error) bool {
	if err == nil {
		return false
	}
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "NoSuchBucket" {
		return false
	}
	var noKey *types.NoSuchKey
	var notFound *types.NotFound
	var resp *awshttp.ResponseError
	return errors.As(err, &noKey) || errors.As(err, &notFound) ||
		errors.As(err, &resp) && resp.HTTPStatusCode() == http.StatusNotFound
}

package shared

// FileCategory says what an uploaded file is for (spec 000 §3 "File item").
type FileCategory string

const (
	FileServiceTicket  FileCategory = "SERVICE_TICKET_FILE"
	FileAvatar         FileCategory = "AVATAR"
	FileCarePlan       FileCategory = "CARE_PLAN"
	FileAssessment     FileCategory = "ASSESSMENT"
	FileMedicalRecord  FileCategory = "MEDICAL_RECORD"
	FilePhysicianOrder FileCategory = "PHYSICIAN_ORDER"
	FileInsurance      FileCategory = "INSURANCE"
	FileIdentification FileCategory = "IDENTIFICATION"
	FileOther          FileCategory = "OTHER"
	// FileCaregiverCredential is a caregiver's certificate or CE document (staff credentials).
	FileCaregiverCredential FileCategory = "CAREGIVER_CREDENTIAL"
	// FileFacilityDocument is one version of a home's own document (facility documents, /inspection-status).
	FileFacilityDocument FileCategory = "FACILITY_DOCUMENT"
	// FileChat is an image, file, audio clip or video sent in a chat. It is
	// uploaded through /api/im/message/upload only (not in FileCategories) and
	// read only by the members of the chats it was sent to (and its uploader).
	FileChat FileCategory = "CHAT"
)

// FileCategories lists every category (the upload's category must be one).
var FileCategories = []FileCategory{FileServiceTicket, FileAvatar, FileCarePlan, FileAssessment,
	FileMedicalRecord, FilePhysicianOrder, FileInsurance, FileIdentification, FileOther, FileCaregiverCredential,
	FileFacilityDocument}

// File limits (spec 001 §5/§9). Per-file, per-tenant and per-request limits
// are configured (docs/configuration.md); these are fixed.

const (
	AvatarMaxBytes     = 10 << 20 // spec 001 §5: at most 10 MB
	AvatarMaxSide      = 4096     // spec 001 §5: at most 4096 × 4096 pixels
	AvatarSide         = 400      // spec 001 §9: avatar 400 × 400, quality 0.8
	AvatarQuality      = 80
	AvatarThumbSide    = 64 // spec 001 §9: 64 × 64 thumbnail
	ImageMinSide       = 16 // bounds of downloadAndCompressImage's width and height
	ImageMaxSide       = 4096
	ImageThumbWidth    = 250 // spec 001 §7.11: image thumbnails 250 × 150
	ImageThumbHeight   = 150
	ImageLargeWidth    = 1280 // spec 001 §7.11: large images 1280 × 800
	ImageLargeHeight   = 800
	ImageUploadMaxSide = 10_000         // an uploaded image may be at most 10,000 pixels on a side
	ImageMaxPixels     = 40_000_000     // and at most 40 megapixels (a 105 KB PNG can claim 36)
	SignedURLTTLMillis = 10 * 60 * 1000 // a FileItem's url works this long
)

// FileItem is one uploaded file (spec 000 §3 "File item").
type FileItem struct {
	FileID      string       `json:"fileId"`
	Name        string       `json:"name" doc:"The name the file was uploaded with; its extension follows the real content type"`
	Suffix      string       `json:"suffix" doc:"pdf, jpg, jpeg or png, from the content, not the name"`
	Size        int64        `json:"size" doc:"Bytes"`
	CreateTime  int64        `json:"createTime" doc:"Epoch ms"`
	Category    FileCategory `json:"category"`
	ContentType string       `json:"contentType" doc:"application/pdf, image/jpeg or image/png"`
	URL         string       `json:"url" doc:"Relative signed URL for <img> and links, valid 10 minutes; needs no headers"`
	ThumbURL    string       `json:"thumbUrl,omitempty" doc:"Images only: a signed link to a 64 × 64 thumbnail, for lists and headers"`
}

// ConfirmFilesRequest is POST /api/system/files/confirmed: the uploads are in
// use; unconfirmed uploads are removed 24 hours after upload.
type ConfirmFilesRequest struct {
	FileIDs []string `json:"fileIds" minItems:"1" maxItems:"100" limit:"ConfirmFilesMax"`
}

// FileIDQuery carries ?fileId=.
type FileIDQuery struct {
	FileID string `query:"fileId" json:"fileId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// DownloadQuery is GET /api/system/files/downloadByPath. Path is the file id
// (the spec's name); fileName only names the download.
type DownloadQuery struct {
	Path     string `query:"path" json:"path" minLength:"1" maxLength:"64" limit:"IDMax" doc:"The fileId"`
	FileName string `query:"fileName" json:"fileName" maxLength:"255" limit:"FileNameMax" doc:"Name for the download; default the uploaded name"`
	Preview  bool   `query:"preview" json:"preview" doc:"true: shown in the browser (inline); false: saved (attachment)"`
}

// CompressImageQuery is GET /api/system/files/downloadAndCompressImage: the
// image scaled to fit inside width × height (never enlarged), as JPEG.
type CompressImageQuery struct {
	FileID  string `query:"fileId" json:"fileId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Preview bool   `query:"preview" json:"preview"`
	Width   int    `query:"width" json:"width" minimum:"16" maximum:"4096" limit:"ImageSideMin,ImageSideMax" required:"true"`
	Height  int    `query:"height" json:"height" minimum:"16" maximum:"4096" limit:"ImageSideMin,ImageSideMax" required:"true"`
}

// SignedFileQuery is GET /api/system/files/signed/{fileId}?exp=&sig= (no sign-in):
// the link a FileItem's url holds.
type SignedFileQuery struct {
	FileID string `path:"fileId" json:"fileId" maxLength:"64" limit:"IDMax"`
	Exp    int64  `query:"exp" json:"exp" doc:"Epoch ms after which the link stops working"`
	Sig    string `query:"sig" json:"sig" maxLength:"128" limit:"LinkSignatureMax"`
	Size   int    `query:"size" json:"size,omitempty" minimum:"0" maximum:"4096" limit:"ImageSideMax" doc:"Images: a JPEG fitting size × size (signed with the link); 0 or absent: the file itself"`
}

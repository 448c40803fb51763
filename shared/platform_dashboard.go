package shared

// The super admin's platform dashboard (spec 000 §2 /admin-dashboard): what the
// platform holds beyond the homes, which tenantDateSummary and
// tenantDetailsSummary count. Every figure is one grouped query over the whole
// platform, so the page costs the same at one home and at a thousand.

// PlatformActiveDays is how many days the dashboard's active users and AI usage cover.
const PlatformActiveDays = 30

// DayCount is one UTC day's figure.
type DayCount struct {
	Day   int64 `json:"day" doc:"Epoch ms of the day's 00:00 UTC"`
	Count int   `json:"count"`
}

// AICapabilityUsage is one AI capability's calls over the dashboard's days.
type AICapabilityUsage struct {
	Capability AICapability `json:"capability"`
	Calls      int          `json:"calls"`
	Failed     int          `json:"failed" doc:"Calls that answered an error"`
	Tokens     int64        `json:"tokens" doc:"Prompt and completion tokens (chat capabilities)"`
	Characters int64        `json:"characters" doc:"Characters sent (speech, translation)"`
	AudioMs    int64        `json:"audioMs" doc:"Audio transcribed, in ms"`
	CostMicros int64        `json:"costMicros" doc:"Estimated cost of the priced calls, in millionths of a US dollar (parameter ai.modelPrices)"`
	Unpriced   int          `json:"unpriced" doc:"Calls whose model had no price (their cost is not in costMicros)"`
}

// PlatformSummary answers GET /api/system/dashboard/platformSummary.
type PlatformSummary struct {
	Since              int64               `json:"since" doc:"Epoch ms of the first day counted (00:00 UTC, PlatformActiveDays days back with today)"`
	ActiveUsers        []DayCount          `json:"activeUsers" doc:"Different people who signed in or renewed their session each UTC day, oldest first, PlatformActiveDays days"`
	ActiveUsersTotal   int                 `json:"activeUsersTotal" doc:"Different people over the whole period"`
	ResidentsUnderCare int                 `json:"residentsUnderCare" doc:"Residents living in a home now (NORMAL or GOING_OUT), every home"`
	TicketsOpen        int                 `json:"ticketsOpen" doc:"Support tickets not resolved (SUBMITTED or PROCESSING)"`
	TicketsSubmitted   int                 `json:"ticketsSubmitted" doc:"Of them, not yet taken up by the platform"`
	AIUsage            []AICapabilityUsage `json:"aiUsage" doc:"AI calls per capability over the period (the usage log; offline fallbacks are not logged)"`
	JobsFailed         int                 `json:"jobsFailed" doc:"Background jobs discarded after their last attempt and still kept by the queue"`
	JobsRetrying       int                 `json:"jobsRetrying" doc:"Background jobs that failed and wait for another attempt"`
}

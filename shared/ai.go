package shared

// The AI service (spec 000 §1 "Live speech translator", §2 /ai-config and the
// floating buttons, §6 floating buttons by plan; spec 001 §7.10, §8, §9).
// Calls under /api/ai (docs/api.md "AI service"). A provider speaking the
// OpenAI HTTP API does translation, transcription, speech and analysis; when
// none is configured or it cannot be reached, speech falls back to espeak-ng
// and English↔Spanish translation to apertium, and everything else says
// plainly that it needs an AI provider.

// FnSpeechTranslator is the plan function of the live speech translator and
// of the AI calls it makes (chat completion, speech, transcription,
// translation): in the essential and premium plans, not in the free plan
// (spec 000 §6 "live translator for premium and essential").
const FnSpeechTranslator = "SpeechTranslator"

// FnHelpAssistant is the plan function of the help assistant (premium only,
// spec 000 §6).
const FnHelpAssistant = "HelpAssistant"

// AICapability is one kind of work an AI provider does; each has its own
// base URL, key and model in /ai-config.
type AICapability string

const (
	// AITranslation: chat completions for translation and rewriting (spec 001 §7.10, §9).
	AITranslation AICapability = "TRANSLATION"
	// AITranscription: speech to text (/audio/transcriptions).
	AITranscription AICapability = "TRANSCRIPTION"
	// AISpeech: text to speech (/audio/speech).
	AISpeech AICapability = "SPEECH"
	// AIAnalysis: chat completions for analysis (incident suggestions, document checks).
	AIAnalysis AICapability = "ANALYSIS"
)

// AICapabilities lists every capability in the order /ai-config shows them.
var AICapabilities = []AICapability{AITranslation, AITranscription, AISpeech, AIAnalysis}

// Default models per capability: gpt-4o-mini for translation and rewriting
// (spec 001 §9); OpenAI's transcription and speech models for the others.
const (
	AIDefaultChatModel          = "gpt-4o-mini"
	AIDefaultTranscriptionModel = "whisper-1"
	AIDefaultSpeechModel        = "tts-1"
)

// TranslatorLanguages are the live translator's nine languages (spec 000 §1,
// spec 001 §9), the same values as a resident's spoken language.
var TranslatorLanguages = []ResidentLanguage{LanguageEnglish, LanguageChinese, LanguageSpanish, LanguageSwahili,
	LanguageTagalog, LanguageRomanian, LanguageRussian, LanguagePunjabi, LanguageHindi}

// TranslateAuto as the source language asks the service to detect it
// (the translator's auto-detect mode, spec 001 §8).
const TranslateAuto ResidentLanguage = "AUTO"

// SpeechVoice is one of the translator's nine voices (spec 000 §1): the nine
// voices of OpenAI's tts-1 model (platform.openai.com/docs/guides/text-to-speech).
// Offline, each maps to an espeak-ng voice variant.
type SpeechVoice string

const (
	VoiceAlloy   SpeechVoice = "alloy"
	VoiceAsh     SpeechVoice = "ash"
	VoiceCoral   SpeechVoice = "coral"
	VoiceEcho    SpeechVoice = "echo"
	VoiceFable   SpeechVoice = "fable"
	VoiceOnyx    SpeechVoice = "onyx"
	VoiceNova    SpeechVoice = "nova"
	VoiceSage    SpeechVoice = "sage"
	VoiceShimmer SpeechVoice = "shimmer"
)

// SpeechVoices lists the nine voices.
var SpeechVoices = []SpeechVoice{VoiceAlloy, VoiceAsh, VoiceCoral, VoiceEcho, VoiceFable, VoiceOnyx, VoiceNova, VoiceSage, VoiceShimmer}

// AIProviderKind says who answered: the configured AI provider or an offline fallback.
type AIProviderKind string

const (
	AIProviderAI      AIProviderKind = "ai"
	AIProviderOffline AIProviderKind = "offline"
)

// AI limits.
const (
	// TranslatorTextMax bounds the translator's text and a chat completion's
	// prompt (spec 001 §5, §9: translator input 5000 characters).
	TranslatorTextMax = 5000
	// AIModelMax bounds a model name.
	AIModelMax = 100
	// SpeechTextMax bounds the text of one text-to-speech call: OpenAI's
	// /audio/speech takes at most 4096 characters (its API reference, "input").
	SpeechTextMax = 4096
	// TranscriptionMaxBytes bounds one audio file to transcribe: OpenAI's
	// /audio/transcriptions takes files up to 25 MB (its speech-to-text guide).
	TranscriptionMaxBytes = 25 << 20
	// TranscriptionMaxSeconds bounds the length of one recording (a turn of a
	// conversation; checked from a WAV file's header, the byte bound covers the rest).
	TranscriptionMaxSeconds = 300
	// AIBaseURLMax bounds a provider's base URL.
	AIBaseURLMax = 500
	// AIKeyMax bounds a provider's API key.
	AIKeyMax = 500
	// AITimeoutMin and AITimeoutMax bound a provider call's timeout in seconds
	// (the server gives up on any request after 300 s, spec 001 §9).
	AITimeoutMin = 1
	AITimeoutMax = 280
	// AITenantPerMinuteMin and AITenantPerMinuteMax bound the calls one
	// facility may make to the AI service in a minute.
	AITenantPerMinuteMin = 1
	AITenantPerMinuteMax = 10000
	// AIDefaultTenantPerMinute is that limit until the super admin changes it:
	// a lively conversation makes three calls a turn (hear, translate, speak).
	AIDefaultTenantPerMinute = 120
	// AIDefaultUserPerDay is the daily quota of one person's calls sent to a
	// provider (the platform pays for them) until the super admin changes it:
	// some 160 translator turns of three calls, more than a shift of
	// interpreting. Offline speech and translation are not counted.
	AIDefaultUserPerDay = 500
	// AIDefaultTenantPerDay is the daily quota of one facility's provider
	// calls until the super admin changes it: six such people.
	AIDefaultTenantPerDay = 3000
	// AIPerDayMax bounds either daily quota.
	AIPerDayMax = 1000000
)

// The AI service's own answer codes (docs/api.md "AI service").
const (
	// CodeNoSpeech: the recording held no speech that could be transcribed (spec 001 §7.10: code 400).
	CodeNoSpeech Code = "400"
	// CodeAINotConfigured: no AI provider is set up for this, and nothing offline can do it.
	CodeAINotConfigured Code = "4150"
	// CodeAIUnavailable: the provider did not answer in time or kept failing; data.retryAfterSeconds when it said.
	CodeAIUnavailable Code = "4151"
	// CodeAIRefused: the provider refused the call (its key, model or the request); the super admin checks /ai-config.
	CodeAIRefused Code = "4152"
	// CodeAIBadAnswer: the provider's answer could not be read.
	CodeAIBadAnswer Code = "4153"
	// CodeAIOfflineMissing: the offline tool is not installed on the server; data.package names it.
	CodeAIOfflineMissing Code = "4154"
	// CodeAINoOfflineVoice: no offline voice exists for the language (Tagalog).
	CodeAINoOfflineVoice Code = "4155"
	// CodeAIQuota: the day's AI calls are used up, the user's or the facility's
	// (data.retryAfterSeconds: until 00:00 UTC, when the count starts again).
	CodeAIQuota Code = "4156"
)

// AIProblemData is the data of some AI answers: the Debian package to install
// (4154) or how long to wait (4151, 4029).
type AIProblemData struct {
	Package           string `json:"package,omitempty" doc:"The Debian package the server lacks (4154)"`
	RetryAfterSeconds int    `json:"retryAfterSeconds,omitempty"`
}

// AIChatUse is what a chat completion is for. The server holds each use's
// system prompt, answer length and plan function: a client sends only the
// use and its content (issue 26: not a general-purpose model).
type AIChatUse string

const (
	// AIChatHelp is the help assistant (premium, spec 000 §6): an answer to a
	// how-to question from the numbered help sections sent with it.
	AIChatHelp AIChatUse = "HELP"
)

// AIChatUses lists every use.
var AIChatUses = []AIChatUse{AIChatHelp}

// ChatCompletionRequest is POST /basic/chatCompletion (spec 001 §7.10, which
// let the client send a system prompt; Hearth keeps it on the server per use).
type ChatCompletionRequest struct {
	Use      AIChatUse `json:"use" enum:"HELP" doc:"What the completion is for; its system prompt is the server's (a systemPrompt sent is ignored)"`
	GptModel string    `json:"gptModel,omitempty" maxLength:"100" limit:"AIModelMax" doc:"Accepted and ignored: the model is the one /ai-config sets for TRANSLATION (default gpt-4o-mini)"`
	Prompt   string    `json:"prompt" minLength:"1" maxLength:"5000" limit:"TranslatorTextMax" doc:"HELP: the numbered help sections ([1] Title, text), then the question"`
}

// ChatCompletionResult answers POST /basic/chatCompletion.
type ChatCompletionResult struct {
	Content          string `json:"content"`
	Model            string `json:"model"`
	PromptTokens     int    `json:"promptTokens"`
	CompletionTokens int    `json:"completionTokens"`
}

// TextToSpeechRequest is POST /voice/textToSpeech (spec 001 §7.10); the answer is the audio's bytes.
type TextToSpeechRequest struct {
	InputText   string           `json:"inputText" minLength:"1" maxLength:"4096" limit:"SpeechTextMax"`
	SpeechVoice SpeechVoice      `json:"speechVoice,omitempty" enum:"alloy,ash,coral,echo,fable,onyx,nova,sage,shimmer" doc:"Default alloy"`
	Language    ResidentLanguage `json:"language,omitempty" enum:"ENGLISH,CHINESE,SPANISH,SWAHILI,TAGALOG,ROMANIAN,RUSSIAN,PUNJABI,HINDI" doc:"The text's language: picks the offline voice; empty: guessed from the text's script"`
}

// TranslateRequest is POST /translator/translate: the translator's text mode,
// and the step between transcription and speech.
type TranslateRequest struct {
	Text string           `json:"text" minLength:"1" maxLength:"5000" limit:"TranslatorTextMax"`
	From ResidentLanguage `json:"from" enum:"AUTO,ENGLISH,CHINESE,SPANISH,SWAHILI,TAGALOG,ROMANIAN,RUSSIAN,PUNJABI,HINDI" doc:"AUTO detects the language"`
	To   ResidentLanguage `json:"to" enum:"ENGLISH,CHINESE,SPANISH,SWAHILI,TAGALOG,ROMANIAN,RUSSIAN,PUNJABI,HINDI"`
}

// TranslationResult answers POST /translator/translate. The original is
// always sent back beside the translation (issue 17).
type TranslationResult struct {
	Original         string           `json:"original"`
	Translated       string           `json:"translated"`
	DetectedLanguage ResidentLanguage `json:"detectedLanguage" doc:"The source language: as asked, or detected in AUTO mode (empty when it could not be told)"`
	Provider         AIProviderKind   `json:"provider" doc:"ai: the configured provider; offline: apertium (English↔Spanish)"`
}

// TranscriptionResult answers POST /voice/transcription.
type TranscriptionResult struct {
	Text       string           `json:"text"`
	Language   ResidentLanguage `json:"language" doc:"As asked, or as the provider detected it (empty when unknown)"`
	DurationMs int64            `json:"durationMs" doc:"The recording's length when known (0: unknown)"`
}

// AILanguageSupport says what works for one translator language on this server.
type AILanguageSupport struct {
	Language           ResidentLanguage `json:"language"`
	OfflineSpeech      bool             `json:"offlineSpeech" doc:"espeak-ng installed with a voice for it (never Tagalog)"`
	OfflineTranslation bool             `json:"offlineTranslation" doc:"apertium translates it offline (English and Spanish, to each other)"`
}

// AICapabilityStatus says whether the caller may use a capability and who would do it.
type AICapabilityStatus struct {
	Capability AICapability `json:"capability"`
	Allowed    bool         `json:"allowed" doc:"The facility's plan includes it (/ai-config's plan table)"`
	Configured bool         `json:"configured" doc:"An AI provider is set up for it"`
}

// AIStatus answers GET /status: what the floating buttons and the translator
// can offer the signed-in user.
type AIStatus struct {
	Translator    bool                 `json:"translator" doc:"The live speech translator's button shows (premium and essential plans)"`
	HelpAssistant bool                 `json:"helpAssistant" doc:"The help assistant's button shows (premium)"`
	Marketing     string               `json:"marketing" enum:"PREMIUM,STARTER" enumOf:"MarketingKind" doc:"PREMIUM marketing for premium, STARTER for free and essential (spec 000 §6)"`
	Capabilities  []AICapabilityStatus `json:"capabilities"`
	Languages     []AILanguageSupport  `json:"languages"`
	Voices        []SpeechVoice        `json:"voices"`
	MaxTextLength int                  `json:"maxTextLength" doc:"TranslatorTextMax"`
}

// MarketingKind is which marketing centre a plan shows (spec 000 §6).
type MarketingKind string

const (
	MarketingPremium MarketingKind = "PREMIUM"
	MarketingStarter MarketingKind = "STARTER"
)

// AIProviderConfig is one capability's provider as /ai-config shows it. The
// key is never sent back: only its last four characters.
type AIProviderConfig struct {
	Capability     AICapability   `json:"capability"`
	BaseURL        string         `json:"baseUrl" doc:"e.g. https://api.openai.com/v1; empty: no provider (offline fallbacks only)"`
	Model          string         `json:"model"`
	APIKeyMasked   string         `json:"apiKeyMasked" doc:"•••• and the key's last 4 characters; empty when no key is kept"`
	APIKeySet      bool           `json:"apiKeySet"`
	TimeoutSeconds int            `json:"timeoutSeconds"`
	Source         AIConfigSource `json:"source" enum:"DATABASE,ENVIRONMENT,NONE" doc:"Saved in /ai-config, seeded by HEARTH_AI_* variables, or not set up"`
	KeyUnreadable  bool           `json:"keyUnreadable,omitempty" doc:"The kept key cannot be decrypted (HEARTH_JWT_SECRET changed): enter it again"`
}

// AIConfigSource says where a capability's provider settings come from.
type AIConfigSource string

const (
	AIConfigDatabase    AIConfigSource = "DATABASE"
	AIConfigEnvironment AIConfigSource = "ENVIRONMENT"
	AIConfigNone        AIConfigSource = "NONE"
)

// AIPlanCapabilities is which capabilities one plan may use.
type AIPlanCapabilities struct {
	Plan         Plan           `json:"plan" enum:"FREE_PLAN,ESSENTIAL_PLAN,PREMIUM_PLAN"`
	Capabilities []AICapability `json:"capabilities" maxItems:"4" limit:"AICapabilitiesMax" enum:"TRANSLATION,TRANSCRIPTION,SPEECH,ANALYSIS"`
}

// AICapabilitiesMax is the number of capabilities.
const AICapabilitiesMax = 4

// AIPlansMax is the number of plans.
const AIPlansMax = 3

// AIConfig answers GET /config/get (super admin).
type AIConfig struct {
	Providers       []AIProviderConfig   `json:"providers"`
	Plans           []AIPlanCapabilities `json:"plans"`
	TenantPerMinute int                  `json:"tenantPerMinute" doc:"Calls one facility may make in a minute"`
	UserPerDay      int                  `json:"userPerDay" doc:"Provider calls one person may make in a day (UTC)"`
	TenantPerDay    int                  `json:"tenantPerDay" doc:"Provider calls one facility may make in a day (UTC)"`
	UpdatedAt       int64                `json:"updatedAt" doc:"Epoch ms of the last save; 0: never saved"`
}

// AIProviderSave is one capability's provider in POST /config/save.
type AIProviderSave struct {
	Capability     AICapability `json:"capability" enum:"TRANSLATION,TRANSCRIPTION,SPEECH,ANALYSIS"`
	BaseURL        string       `json:"baseUrl" maxLength:"500" limit:"AIBaseURLMax" doc:"http(s) URL; empty: no provider for this capability"`
	Model          string       `json:"model" maxLength:"100" limit:"AIModelMax" doc:"Empty: the capability's default model"`
	APIKey         string       `json:"apiKey,omitempty" maxLength:"500" limit:"AIKeyMax" doc:"A new key; empty keeps the kept one"`
	ClearAPIKey    bool         `json:"clearApiKey,omitempty" doc:"Forget the kept key (a server that needs none)"`
	TimeoutSeconds int          `json:"timeoutSeconds,omitempty" minimum:"0" maximum:"280" limit:"AITimeoutMax" doc:"0: the default (30 s; 60 s for transcription)"`
}

// SaveAIConfigRequest is POST /config/save: the capabilities' providers,
// the plans' capabilities, the facility rate limit and the daily quotas,
// saved together. A provider or plan not named (or providers / plans left
// out) stays as it is.
type SaveAIConfigRequest struct {
	Providers       []AIProviderSave     `json:"providers,omitempty" maxItems:"4" limit:"AICapabilitiesMax" doc:"Missing: every provider stays as it is"`
	Plans           []AIPlanCapabilities `json:"plans,omitempty" maxItems:"3" limit:"AIPlansMax" doc:"Missing: the plan table stays as it is"`
	TenantPerMinute int                  `json:"tenantPerMinute" minimum:"1" maximum:"10000" limit:"AITenantPerMinuteMin,AITenantPerMinuteMax"`
	UserPerDay      int                  `json:"userPerDay,omitempty" minimum:"0" maximum:"1000000" limit:"AIPerDayMax" doc:"0 or missing: stays as it is"`
	TenantPerDay    int                  `json:"tenantPerDay,omitempty" minimum:"0" maximum:"1000000" limit:"AIPerDayMax" doc:"0 or missing: stays as it is"`
}

// TestAIConfigRequest is POST /config/test: a tiny call to one capability's
// provider, with the settings given (a key left empty uses the kept one) or,
// when baseUrl is empty, the saved ones.
type TestAIConfigRequest struct {
	Capability     AICapability `json:"capability" enum:"TRANSLATION,TRANSCRIPTION,SPEECH,ANALYSIS"`
	BaseURL        string       `json:"baseUrl,omitempty" maxLength:"500" limit:"AIBaseURLMax"`
	Model          string       `json:"model,omitempty" maxLength:"100" limit:"AIModelMax"`
	APIKey         string       `json:"apiKey,omitempty" maxLength:"500" limit:"AIKeyMax"`
	TimeoutSeconds int          `json:"timeoutSeconds,omitempty" minimum:"0" maximum:"280" limit:"AITimeoutMax"`
}

// AIConfigTestResult answers POST /config/test.
type AIConfigTestResult struct {
	OK        bool   `json:"ok"`
	LatencyMs int64  `json:"latencyMs"`
	Model     string `json:"model"`
	Message   string `json:"message" doc:"The provider's error in the caller's language when not ok"`
	Code      string `json:"code,omitempty" doc:"The answer code the failure would have (4150-4153)"`
}

// AIUsageFilter filters POST /usage/listByPage.
type AIUsageFilter struct {
	TenantID   string       `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax" doc:"Super admin only; facility owners always see their own"`
	Capability AICapability `json:"capability,omitempty" enum:"TRANSLATION,TRANSCRIPTION,SPEECH,ANALYSIS"`
	From       int64        `json:"fromTime,omitempty" format:"date-ms" doc:"Epoch ms, inclusive"`
	To         int64        `json:"toTime,omitempty" format:"date-ms" doc:"Epoch ms, exclusive"`
}

// AIUsage is one AI call as billing reads it.
type AIUsage struct {
	ID               string         `json:"id"`
	TenantID         string         `json:"tenantId" doc:"Empty for the platform's own calls (the super admin's tests)"`
	FacilityName     string         `json:"facilityName" doc:"The facility's name; empty for the platform's own calls"`
	UserID           string         `json:"userId"`
	Capability       AICapability   `json:"capability"`
	Provider         AIProviderKind `json:"provider"`
	Model            string         `json:"model"`
	PromptTokens     int            `json:"promptTokens"`
	CompletionTokens int            `json:"completionTokens"`
	Characters       int            `json:"characters" doc:"Characters spoken (speech) or translated"`
	AudioMs          int64          `json:"audioMs" doc:"Audio heard (transcription) or made (offline speech)"`
	Outcome          string         `json:"outcome" doc:"0000, or the answer code of the failure"`
	LatencyMs        int64          `json:"latencyMs"`
	CreatedAt        int64          `json:"createdAt"`
	CostMicros       *int64         `json:"costMicros,omitempty" doc:"Estimated cost in millionths of a US dollar, from the model's price (parameter ai.modelPrices) when the call was made; absent when the model had no price; 0 offline"`
}

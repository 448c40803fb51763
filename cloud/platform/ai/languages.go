package ai

import (
	"strings"
	"unicode"

	"hearth/shared"
)

// language is what each translator language is called by the tools.
type language struct {
	iso     string // ISO 639-1, for transcription and prompts
	english string // its English name, for prompts
	espeak  string // espeak-ng voice; "" when none exists (Tagalog)
}

// languages of the translator (spec 000 §1). espeak-ng voices as Debian's
// espeak-ng lists them (`espeak-ng --voices`): no Tagalog or Filipino voice
// exists (../shared/docs/TOOLCHAIN.md "Speech and translation without a network").
var languages = map[shared.ResidentLanguage]language{
	shared.LanguageEnglish:  {"en", "English", "en-us"},
	shared.LanguageChinese:  {"zh", "Chinese (Mandarin, simplified characters)", "cmn"},
	shared.LanguageSpanish:  {"es", "Spanish", "es"},
	shared.LanguageSwahili:  {"sw", "Swahili", "sw"},
	shared.LanguageTagalog:  {"tl", "Tagalog", ""},
	shared.LanguageRomanian: {"ro", "Romanian", "ro"},
	shared.LanguageRussian:  {"ru", "Russian", "ru"},
	shared.LanguagePunjabi:  {"pa", "Punjabi (Gurmukhi script)", "pa"},
	shared.LanguageHindi:    {"hi", "Hindi", "hi"},
}

// ISO is the language's ISO 639-1 code, or "".
func ISO(l shared.ResidentLanguage) string { return languages[l].iso }

// EnglishName is the language's name in English (for prompts), or "".
func EnglishName(l shared.ResidentLanguage) string { return languages[l].english }

// FromISO is the translator language of an ISO 639-1 code or a language name
// a provider answers ("en", "english", "zh-CN"), or "".
func FromISO(code string) shared.ResidentLanguage {
	c := strings.ToLower(strings.TrimSpace(code))
	if i := strings.IndexAny(c, "-_"); i > 0 {
		c = c[:i]
	}
	for l, v := range languages {
		if c == v.iso || c == strings.ToLower(string(l)) || (c == "filipino" && l == shared.LanguageTagalog) ||
			(c == "mandarin" && l == shared.LanguageChinese) || (c == "fil" && l == shared.LanguageTagalog) {
			return l
		}
	}
	return ""
}

// HasOfflineVoice reports whether espeak-ng has a voice for l (all but Tagalog).
func HasOfflineVoice(l shared.ResidentLanguage) bool { return languages[l].espeak != "" }

// stopwords are a few very common words of the Latin-script languages, enough
// to tell them apart in a sentence offline; anything closer needs the provider.
var stopwords = map[shared.ResidentLanguage][]string{
	shared.LanguageEnglish:  {"the", "is", "are", "you", "and", "to", "of", "in", "it", "i", "do", "does", "your", "my", "what", "how", "good", "morning", "please", "thank", "pain", "yes", "no", "have", "want", "need"},
	shared.LanguageSpanish:  {"el", "la", "los", "las", "es", "está", "usted", "y", "de", "que", "en", "un", "una", "por", "favor", "gracias", "buenos", "días", "dolor", "sí", "tiene", "quiere", "necesita", "mi", "su", "cómo", "qué"},
	shared.LanguageSwahili:  {"na", "ya", "wa", "kwa", "ni", "habari", "asante", "tafadhali", "ndiyo", "hapana", "unataka", "maumivu", "yako", "wangu", "je", "nini"},
	shared.LanguageTagalog:  {"ang", "ng", "sa", "mga", "ako", "ka", "po", "salamat", "magandang", "umaga", "oo", "hindi", "ba", "ikaw", "siya", "masakit"},
	shared.LanguageRomanian: {"și", "este", "nu", "da", "în", "cu", "pe", "bună", "dimineața", "mulțumesc", "vă", "rog", "aveți", "durere", "ce", "sunt"},
}

// DetectOffline guesses a text's translator language without a provider:
// by script (Han, Cyrillic, Gurmukhi, Devanagari), then for Latin script by
// common words. It answers "" when it cannot tell.
func DetectOffline(text string) shared.ResidentLanguage {
	var han, cyr, guru, deva, latin int
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.Is(unicode.Cyrillic, r):
			cyr++
		case unicode.Is(unicode.Gurmukhi, r):
			guru++
		case unicode.Is(unicode.Devanagari, r):
			deva++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	best, n := shared.ResidentLanguage(""), 0
	for l, c := range map[shared.ResidentLanguage]int{shared.LanguageChinese: han, shared.LanguageRussian: cyr,
		shared.LanguagePunjabi: guru, shared.LanguageHindi: deva} {
		if c > n {
			best, n = l, c
		}
	}
	if n > latin {
		return best
	}
	if latin == 0 {
		return ""
	}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
	scores := map[shared.ResidentLanguage]int{}
	for _, w := range words {
		for l, list := range stopwords {
			for _, s := range list {
				if w == s {
					scores[l]++
				}
			}
		}
	}
	best, n, tie := "", 0, false
	for _, l := range shared.TranslatorLanguages { // fixed order, so a tie is seen the same way each time
		switch c := scores[l]; {
		case c > n:
			best, n, tie = l, c, false
		case c == n && c > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

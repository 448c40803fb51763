package param

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// The AI providers' prices per model (issue 30 "AI usage and cost"): the
// super admin writes what each model costs, and every AI call made through a
// provider is logged with its estimated cost (ai_usage.cost_micros) from the
// prices in force when it was made, so a later change of price or model does
// not rewrite the past. A model without a price has no cost (NULL), which the
// dashboard counts apart; the offline fallbacks cost nothing.
//
// The text is entries separated by ";" or line breaks, each a model's name, a
// colon and its rates in US dollars separated by commas:
//
//	gpt-4o-mini: in 0.15, out 0.60; whisper-1: min 0.006; tts-1: mchar 15
//
// in / out: per million prompt / completion tokens; min: per minute of audio
// heard; mchar: per million characters. A model names the provider's model as
// logged; a versioned name (gpt-4o-mini-2024-07-18) takes the price of the
// longest name it starts with followed by "-".

// ModelPrices is the parameter holding the prices (empty: no cost is estimated).
var ModelPrices = defineCheckedText("ai", "ai.modelPrices", 0, 1000, "", func(s string) error {
	_, err := ParseModelPrices(s)
	return err
})

// textChecks are the format checks of TEXT parameters that have one (parse
// refuses a value that fails them, rule "format").
var textChecks = map[string]func(string) error{}

func defineCheckedText(group, key string, lo, hi int64, def string, check func(string) error) TextKey {
	k := defineText(group, key, lo, hi, def)
	textChecks[key] = check
	return k
}

// ModelPrice is one model's rates in US dollars.
type ModelPrice struct {
	InputPerMTokens  float64 // per million prompt tokens
	OutputPerMTokens float64 // per million completion tokens
	PerAudioMinute   float64 // per minute of audio heard
	PerMCharacters   float64 // per million characters
}

// maxRate bounds one rate (US dollars per unit): a typo of a thousandfold is refused.
const maxRate = 10000

// ParseModelPrices reads the prices text; the map's keys are the models' names in lower case.
func ParseModelPrices(s string) (map[string]ModelPrice, error) {
	out := map[string]ModelPrice{}
	for entry := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ';' || r == '\n' || r == '\r' }) {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		model, rates, ok := strings.Cut(entry, ":")
		model = strings.ToLower(strings.TrimSpace(model))
		if !ok || model == "" || strings.ContainsAny(model, ", \t") {
			return nil, errors.New("param: a price entry is model: rates")
		}
		if _, dup := out[model]; dup {
			return nil, errors.New("param: a model is priced twice")
		}
		var p ModelPrice
		seen := map[string]bool{}
		for rate := range strings.SplitSeq(rates, ",") {
			unit, value, ok := strings.Cut(strings.TrimSpace(rate), " ")
			n, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if !ok || err != nil || math.IsNaN(n) || n < 0 || n > maxRate || seen[unit] {
				return nil, errors.New("param: a rate is a unit (in, out, min, mchar) and a price")
			}
			seen[unit] = true
			switch unit {
			case "in":
				p.InputPerMTokens = n
			case "out":
				p.OutputPerMTokens = n
			case "min":
				p.PerAudioMinute = n
			case "mchar":
				p.PerMCharacters = n
			default:
				return nil, errors.New("param: a rate's unit is in, out, min or mchar")
			}
		}
		out[model] = p
	}
	return out, nil
}

// PriceOf is the price of model in prices: its own, else that of the longest
// priced name it starts with followed by "-" (a dated version of it).
func PriceOf(prices map[string]ModelPrice, model string) (ModelPrice, bool) {
	model = strings.ToLower(strings.TrimSpace(model))
	if p, ok := prices[model]; ok {
		return p, true
	}
	best, found := "", false
	for name := range prices {
		if strings.HasPrefix(model, name+"-") && len(name) > len(best) {
			best, found = name, true
		}
	}
	return prices[best], found
}

// CostMicros is the estimated cost of one call in millionths of a US dollar.
func (p ModelPrice) CostMicros(promptTokens, completionTokens, characters int, audioMs int64) int64 {
	usd := p.InputPerMTokens*float64(promptTokens)/1e6 + p.OutputPerMTokens*float64(completionTokens)/1e6 +
		p.PerAudioMinute*float64(audioMs)/60000 + p.PerMCharacters*float64(characters)/1e6
	return int64(math.Round(usd * 1e6))
}

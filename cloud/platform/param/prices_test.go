package param_test

import (
	"testing"

	"hearth/cloud/platform/param"
)

// The prices text: models and their rates; a dated model takes the price of
// the longest name it starts with; the cost is in millionths of a dollar.
func TestModelPrices(t *testing.T) {
	t.Parallel()
	prices, err := param.ParseModelPrices(" GPT-4o-mini: in 0.15, out 0.60;\n gpt-4o: in 2.5, out 10 ; whisper-1: min 0.006; tts-1: mchar 15; ")
	if err != nil || len(prices) != 4 {
		t.Fatalf("%v %v", prices, err)
	}
	for model, want := range map[string]float64{"gpt-4o-mini-2024-07-18": 0.15, "gpt-4o-2024-08-06": 2.5, "gpt-4o": 2.5, "GPT-4O-MINI": 0.15} {
		if p, ok := param.PriceOf(prices, model); !ok || p.InputPerMTokens != want {
			t.Errorf("%s: %+v %v, want input %v", model, p, ok, want)
		}
	}
	if _, ok := param.PriceOf(prices, "gpt-4"); ok {
		t.Error("gpt-4 has no price")
	}
	mini, _ := param.PriceOf(prices, "gpt-4o-mini")
	if got := mini.CostMicros(1_000_000, 1_000_000, 0, 0); got != 750_000 {
		t.Errorf("a million tokens each way: %d µ$", got)
	}
	whisper, _ := param.PriceOf(prices, "whisper-1")
	if got := whisper.CostMicros(0, 0, 0, 90_000); got != 9_000 {
		t.Errorf("a minute and a half heard: %d µ$", got)
	}
	if p, err := param.ParseModelPrices(""); err != nil || len(p) != 0 {
		t.Errorf("empty: %v %v", p, err)
	}
	for _, bad := range []string{"x", "x: in", "x: in 1 2", "x: in NaN", "x: in 1e9", "x y: in 1", "x: in 1; x: out 1"} {
		if _, err := param.ParseModelPrices(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

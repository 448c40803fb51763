package aiservice

import (
	"context"
	"strings"
	"unicode/utf8"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// AnalysisPromptMax bounds what a feature sends for one analysis (an incident
// report's narrative and fields fit).
const AnalysisPromptMax = 12000

// Analyze is one chat completion with the ANALYSIS capability's provider, for
// features (incident reports): a fixed system prompt of the feature's and the
// facts. Plan, rate limit and usage log as every AI call; no provider: 4150
// (ai.ErrNotConfigured), and the feature falls back to its own rules.
func (s *Service) Analyze(ctx context.Context, p *auth.Principal, system, prompt string) (*shared.ChatCompletionResult, error) {
	prompt = strings.TrimSpace(prompt)
	if prompt == "" || utf8.RuneCountInString(prompt) > AnalysisPromptMax {
		return nil, problem.Invalid("prompt", "maxLength", "validation.maxLength", map[string]any{"max": AnalysisPromptMax})
	}
	c, err := s.begin(ctx, p, shared.AIAnalysis)
	if err != nil {
		return nil, err
	}
	if !c.ep.Configured() {
		return nil, ai.ErrNotConfigured
	}
	res, err := s.provider(c.ep).Chat(ctx, ai.ChatRequest{SystemPrompt: strings.TrimSpace(system), Prompt: prompt})
	c.usage.Model = c.ep.Model
	if res != nil {
		c.usage.Model, c.usage.PromptTokens, c.usage.CompletionTokens = res.Model, res.PromptTokens, res.CompletionTokens
	}
	c.usage.Characters = utf8.RuneCountInString(prompt)
	s.done(ctx, c, shared.AIProviderAI, err)
	if err != nil {
		return nil, err
	}
	return &shared.ChatCompletionResult{Content: res.Content, Model: res.Model, PromptTokens: res.PromptTokens, CompletionTokens: res.CompletionTokens}, nil
}

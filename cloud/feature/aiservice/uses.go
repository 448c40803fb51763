package aiservice

import "hearth/shared"

// chatUse is what the server holds for one use of /basic/chatCompletion: the
// plan function it belongs to, the bound of its answer and its system prompt
// in the caller's language. The client sends only the use and its content.
type chatUse struct {
	function  string
	maxTokens int
	system    func(shared.Language) string
}

var chatUses = map[shared.AIChatUse]chatUse{
	// 120 words are some 160 tokens in English and more in Chinese.
	shared.AIChatHelp: {function: shared.FnHelpAssistant, maxTokens: 400, system: helpSystemPrompt},
}

// answerLanguage names the caller's language for the model (the prompts are in English).
var answerLanguage = map[shared.Language]string{shared.LangEnUS: "English", shared.LangEsES: "Spanish", shared.LangZhCN: "Simplified Chinese"}

// helpSystemPrompt is the help assistant's: answer from the numbered help
// sections the UI found for the question (its help corpus), cite them, and
// do nothing else.
func helpSystemPrompt(lang shared.Language) string {
	name := answerLanguage[lang]
	if name == "" {
		name = "English"
	}
	return "You are the help assistant of Hearth, software for adult family homes. " +
		"Answer the question only from the numbered help sections given. Do not invent screens, buttons or rules. " +
		"After each statement cite the section it comes from as [1], [2] or [3]. " +
		"If the sections do not answer the question, say so in one sentence and cite nothing. " +
		"Do nothing else, whatever the message asks: no other tasks, stories, code or translations. " +
		"Answer in " + name + ", in at most 120 words."
}

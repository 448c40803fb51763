package iam

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/mojocn/base64Captcha"
)

// captchaDriver draws five digits on a noisy 240×80 PNG. The answer is kept
// in the database (not the library's in-memory store) so every replica can check it.
var captchaDriver = base64Captcha.NewDriverDigit(80, 240, 5, 0.7, 80)

func newCaptcha() (id, image, answer string, err error) {
	id = uuid.Must(uuid.NewV7()).String()
	_, content, answer := captchaDriver.GenerateIdQuestionAnswer()
	item, err := captchaDriver.DrawCaptcha(content)
	if err != nil {
		return "", "", "", fmt.Errorf("iam: draw captcha: %w", err)
	}
	return id, item.EncodeB64string(), answer, nil
}

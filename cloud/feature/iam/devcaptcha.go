package iam

import "sync"

// devCaptchaMax bounds the answers a development server keeps.
const devCaptchaMax = 1000

// devCaptchas keeps the picture codes' answers on a development server
// (HEARTH_DEV=1) so that a browser journey can get past the sign-up's picture
// code through GET /api/system/dev/captcha, as it reads e-mailed codes from
// the development outbox. A production server never keeps them: its answers
// are stored only as hashes.
type devCaptchas struct {
	mu      sync.Mutex
	answers map[string]string
}

func (d *devCaptchas) keep(id, answer string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.answers == nil || len(d.answers) >= devCaptchaMax {
		d.answers = make(map[string]string)
	}
	d.answers[id] = answer
}

func (d *devCaptchas) answer(id string) (string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	a, ok := d.answers[id]
	return a, ok
}

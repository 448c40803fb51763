// Package chatposttest is a recording chat for the tests of features that
// post Hearth's messages (chatpost): it keeps each post once its transaction
// has committed, as the chat service stores it, and can be made to fail.
package chatposttest

import (
	"context"
	"sync"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
)

// Recorder implements every feature's one-method Chat interface.
type Recorder struct {
	mu        sync.Mutex
	posts     []chatpost.Post
	fail      error
	outsideTx int
}

// Post keeps p once q's transaction commits; with a failure set it answers
// that failure, which rolls the caller's transaction back.
func (r *Recorder) Post(_ context.Context, q db.Querier, p chatpost.Post) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := q.(*db.Tx); !ok {
		r.outsideTx++
	}
	if r.fail != nil {
		return r.fail
	}
	db.AfterCommit(q, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.posts = append(r.posts, p)
	})
	return nil
}

// Fail makes every later Post answer err (nil: succeed again).
func (r *Recorder) Fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = err
}

// Posts are the committed posts with key (every one when key is empty), in order.
func (r *Recorder) Posts(key string) []chatpost.Post {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []chatpost.Post
	for _, p := range r.posts {
		if key == "" || p.Key == key {
			out = append(out, p)
		}
	}
	return out
}

// OutsideTx counts the posts made outside a transaction (a feature should make none).
func (r *Recorder) OutsideTx() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.outsideTx
}

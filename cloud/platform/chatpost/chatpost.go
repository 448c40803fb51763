// Package chatpost is how a feature says something in chat without
// importing the chat feature: a medication 30 minutes from overdue, a
// submitted shift report, an incident waiting for review, an approved leave
// (issue 20, "System messages"). The posting feature declares a one-method
// interface taking a Post (medication.Chat, shift.Chat, ...); cloud/server
// wires the chat service to it. A Post runs in the caller's transaction, so
// the message is stored with what it reports or not at all; sockets hear of
// it after the commit.
package chatpost

// Post is one Hearth message (kind SYSTEM, format KEY): Key is a message key
// of the UI's chat catalogue (shared.ChatKey...), Params its values, so each
// reader reads it in their own language.
type Post struct {
	TenantID string
	// To: the people told, each in their own Hearth chat (shared.ChatSystem).
	// Empty: the facility's channel (shared.ChatFacility), read by all its staff.
	To     []string
	Key    string
	Params map[string]string
	// SourceID names what the post is about (a pass, a report); a second post
	// with the same Key and SourceID to the same chat is not stored again.
	SourceID string
	At       int64 // epoch ms; 0 = now
}

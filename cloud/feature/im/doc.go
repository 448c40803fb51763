// Package im is Hearth's chat (spec 000 §2 /message, §3 "Chat", §4 message
// sending and recall, §5 "Chat", §6 free plan; spec 001 §4, §7.11, §9): the
// facility's channel, direct chats, groups and each person's Hearth chat,
// messages ordered per chat and stored once per client trackId, recall,
// delete for me, forward, files, unread counts and read receipts, and
// translations cached per message and language. Every write tells the
// members' sockets through realtime.Publisher after it commits.
package im

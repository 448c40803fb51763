package core

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
)

// Read cache bounds: the oldest answers go first past either.
var (
	cacheMaxEntries = 2000
	cacheMaxBytes   = int64(50 << 20)
	cacheMaxEntry   = int64(4 << 20) // a bigger answer is passed on, not kept
)

const (
	whoKiosk  = "kiosk"  // the door kiosk's own calls
	whoPublic = "public" // calls without a token (public config)
)

// cacheWho names whose answer a request gets: "<sub>@<tid>" from the bearer
// token, decoded WITHOUT checking its signature (the cloud checks it; here it
// only keeps one person's cache apart from another's on this computer, which
// the operating system account protects). Claim names: cloud/platform/auth/token.go
// (sub, tid). "" means do not cache.
func cacheWho(authorization string) string {
	if authorization == "" {
		return whoPublic
	}
	tok, ok := strings.CutPrefix(authorization, "Bearer ")
	if !ok {
		return ""
	}
	parts := strings.Split(strings.TrimSpace(tok), ".")
	if len(parts) != 3 {
		return ""
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return ""
	}
	var cl struct {
		Sub string `json:"sub"`
		Tid string `json:"tid"`
	}
	if err := json.Unmarshal(raw, &cl); err != nil || cl.Sub == "" {
		return ""
	}
	return cl.Sub + "@" + cl.Tid
}

// perRequestParams change on every call and are not part of what was asked:
// t is the client's clock (frontend/src/lib/api/client.ts buildUrl); Sign is
// a header there, dropped here too should a caller put it in the query.
var perRequestParams = []string{"t", "sign", "Sign"}

// cacheQuery is the query a cached answer is kept under: sorted, without the
// per-request values.
func cacheQuery(rawQuery string) string {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return rawQuery
	}
	for _, p := range perRequestParams {
		q.Del(p)
	}
	return q.Encode()
}

// cachePut keeps an answer and evicts the oldest past the bounds.
func (c *Core) cachePut(ctx context.Context, who, path, query, contentType string, body []byte, fetchedAt int64) error {
	if int64(len(body)) > cacheMaxEntry {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `INSERT INTO read_cache (who, path, query, content_type, body, size, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (who, path, query) DO UPDATE SET content_type = excluded.content_type, body = excluded.body,
		size = excluded.size, fetched_at = excluded.fetched_at`, who, path, query, contentType, body, len(body), fetchedAt)
	if err != nil {
		return wrap("read cache: keep", err)
	}
	_, err = c.db.ExecContext(ctx, `DELETE FROM read_cache WHERE rowid IN (
		SELECT rowid FROM (SELECT rowid, ROW_NUMBER() OVER w AS n, SUM(size) OVER w AS total FROM read_cache
			WINDOW w AS (ORDER BY fetched_at DESC, rowid DESC))
		WHERE n > ? OR total > ?)`, cacheMaxEntries, cacheMaxBytes)
	return wrap("read cache: evict", err)
}

// cacheGet finds a kept answer; found is false when there is none.
func (c *Core) cacheGet(ctx context.Context, who, path, query string) (contentType string, body []byte, fetchedAt int64, found bool, err error) {
	err = c.db.QueryRowContext(ctx, `SELECT content_type, body, fetched_at FROM read_cache WHERE who = ? AND path = ? AND query = ?`,
		who, path, query).Scan(&contentType, &body, &fetchedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, 0, false, nil
	}
	if err != nil {
		return "", nil, 0, false, wrap("read cache: get", err)
	}
	return contentType, body, fetchedAt, true, nil
}

// cacheForget removes everything kept for one person (sign-out).
func (c *Core) cacheForget(ctx context.Context, who string) error {
	_, err := c.db.ExecContext(ctx, `DELETE FROM read_cache WHERE who = ?`, who)
	return wrap("read cache: forget", err)
}

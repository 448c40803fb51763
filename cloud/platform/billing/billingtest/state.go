package billingtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Stripe is stripe-mock behind a thin proxy that remembers what stripe-mock
// cannot: each invoice's id and status. stripe-mock keeps no state (every
// invoice it makes has the same id and is a draft), so the proxy gives each
// new invoice its own id, makes a finalized one open, a paid one paid (or,
// with Decline, answers Stripe's card_declined error and leaves it open), and
// answers a read with the status it holds, which a test may set (SetInvoice)
// to play what happened at Stripe meanwhile. Refunds likewise: each new one
// gets its own id (re_test_N) and is pending until the test says what
// happened to it (SetRefund); invoice in_test_N was paid by payment intent
// pi_test_N, whose charge is ch_test_N.
type Stripe struct {
	URL string

	mu      sync.Mutex
	status  map[string]string
	next    int
	decline bool
	refunds map[string]string
	nextRef int
}

var (
	invoicePath = regexp.MustCompile(`^/v1/invoices(?:/(in_[A-Za-z0-9_]+))?(?:/(pay|finalize))?$`)
	refundPath  = regexp.MustCompile(`^/v1/refunds(?:/(re_[A-Za-z0-9_]+))?$`)
	chargePath  = regexp.MustCompile(`^/v1/charges/ch_test_([0-9]+)$`)
)

// StartStripe runs stripe-mock and the proxy for the test.
func StartStripe(tb testing.TB) *Stripe {
	tb.Helper()
	target, err := url.Parse(Start(tb))
	if err != nil {
		tb.Fatal(err)
	}
	s := &Stripe{status: map[string]string{}, refunds: map[string]string{}}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = s.rewrite
	srv := httptest.NewServer(proxy)
	tb.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Decline makes the next payments fail as a declined card does.
func (s *Stripe) Decline(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.decline = on
}

// SetInvoice says what Stripe now holds of an invoice.
func (s *Stripe) SetInvoice(id, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[id] = status
}

// SetRefund says what became of a refund at Stripe (succeeded, failed, canceled).
func (s *Stripe) SetRefund(id, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refunds[id] = status
}

// Refunds are the refunds made so far, with their status.
func (s *Stripe) Refunds() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for k, v := range s.refunds {
		out[k] = v
	}
	return out
}

// Invoices are the invoices made so far, with their status.
func (s *Stripe) Invoices() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for k, v := range s.status {
		out[k] = v
	}
	return out
}

// rewriteJSON changes a JSON answer of stripe-mock with edit.
func (s *Stripe) rewriteJSON(resp *http.Response, edit func(map[string]any)) error {
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return fmt.Errorf("read stripe-mock: %w", err)
	}
	var obj map[string]any
	if err := json.Unmarshal(body, &obj); err != nil {
		return s.replace(resp, body)
	}
	s.mu.Lock()
	edit(obj)
	s.mu.Unlock()
	out, err := json.Marshal(obj)
	if err != nil {
		return fmt.Errorf("rewrite: %w", err)
	}
	return s.replace(resp, out)
}

// rewriteOther gives refunds, invoice payments and charges what stripe-mock cannot keep.
func (s *Stripe) rewriteOther(resp *http.Response) (bool, error) {
	path := resp.Request.URL.Path
	if m := refundPath.FindStringSubmatch(path); m != nil {
		return true, s.rewriteJSON(resp, func(rf map[string]any) {
			id := m[1]
			if id == "" && resp.Request.Method == http.MethodPost {
				s.nextRef++
				id = "re_test_" + strconv.Itoa(s.nextRef)
				s.refunds[id] = "pending"
			}
			if id != "" {
				rf["id"] = id
				if st, ok := s.refunds[id]; ok {
					rf["status"] = st
				}
			}
		})
	}
	if path == "/v1/invoice_payments" {
		inv := resp.Request.URL.Query().Get("invoice")
		return true, s.rewriteJSON(resp, func(list map[string]any) {
			data, _ := list["data"].([]any)
			for _, d := range data {
				if p, ok := d.(map[string]any); ok && strings.HasPrefix(inv, "in_test_") {
					p["invoice"] = inv
					p["payment"] = map[string]any{"type": "payment_intent", "payment_intent": "pi_test_" + strings.TrimPrefix(inv, "in_test_")}
				}
			}
		})
	}
	if m := chargePath.FindStringSubmatch(path); m != nil {
		return true, s.rewriteJSON(resp, func(ch map[string]any) {
			ch["id"], ch["payment_intent"] = "ch_test_"+m[1], "pi_test_"+m[1]
		})
	}
	return false, nil
}

func (s *Stripe) rewrite(resp *http.Response) error {
	if resp.StatusCode == http.StatusOK {
		if done, err := s.rewriteOther(resp); done {
			return err
		}
	}
	m := invoicePath.FindStringSubmatch(resp.Request.URL.Path)
	if m == nil || resp.StatusCode != http.StatusOK {
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return fmt.Errorf("read stripe-mock: %w", err)
	}
	var inv map[string]any
	if err := json.Unmarshal(body, &inv); err != nil || inv["object"] != "invoice" {
		return s.replace(resp, body)
	}
	s.mu.Lock()
	id, action := m[1], m[2]
	switch {
	case id == "" && resp.Request.Method == http.MethodPost: // a new invoice
		s.next++
		id = "in_test_" + strconv.Itoa(s.next)
		s.status[id] = "draft"
	case action == "finalize":
		s.status[id] = "open"
	case action == "pay" && s.decline:
		s.mu.Unlock()
		resp.StatusCode = http.StatusPaymentRequired
		return s.replace(resp, []byte(`{"error":{"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Your card was declined."}}`))
	case action == "pay":
		s.status[id] = "paid"
	}
	if id != "" {
		inv["id"] = id
		if st, ok := s.status[id]; ok {
			inv["status"] = st
		}
		if inv["status"] == "paid" {
			inv["amount_paid"] = inv["amount_due"]
		}
		if inv["status"] != "draft" { // what a finalized invoice has at Stripe
			inv["number"] = "TEST-" + strings.ToUpper(strings.TrimPrefix(id, "in_test_"))
			inv["hosted_invoice_url"] = "https://invoice.stripe.test/i/" + id
			inv["invoice_pdf"] = "https://pay.stripe.test/invoice/" + id + "/pdf"
		}
	}
	s.mu.Unlock()
	out, err := json.Marshal(inv)
	if err != nil {
		return fmt.Errorf("rewrite invoice: %w", err)
	}
	return s.replace(resp, out)
}

func (s *Stripe) replace(resp *http.Response, body []byte) error {
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	resp.Header.Del("Content-Encoding")
	return nil
}

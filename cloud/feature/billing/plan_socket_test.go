package billing_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

type wsFrame struct {
	Action shared.ImAction `json:"action"`
	Code   int             `json:"code"`
	Data   json.RawMessage `json:"data"`
}

// chatSocket opens and binds c's chat socket.
func chatSocket(t *testing.T, e *servertest.Env, c *servertest.Client) *websocket.Conn {
	t.Helper()
	u := "ws" + strings.TrimPrefix(e.HTTP.URL, "http") + "/api/im/ws?token=" + url.QueryEscape(c.Token)
	ws, resp, err := websocket.DefaultDialer.Dial(u, nil)
	if resp != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	bind := shared.ImBindRequest{UID: c.Result.LoginUserInfo.UserID, Channel: "web", AppVersion: "1.0.0", PackageName: "hearth-web", DeviceID: "t", DeviceName: "Go test"}
	if err := ws.WriteJSON(shared.ImFrame{Action: shared.ImBind, Data: bind}); err != nil {
		t.Fatal(err)
	}
	if f := readFrame(t, ws); f.Action != shared.ImBind || f.Code != shared.ImCodeOK {
		t.Fatalf("bind: %+v", f)
	}
	return ws
}

func readFrame(t *testing.T, ws *websocket.Conn) wsFrame {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	var f wsFrame
	if err := ws.ReadJSON(&f); err != nil {
		t.Fatalf("read a frame: %v", err)
	}
	return f
}

// A paid order that moves a home to a plan without chat knocks its people's
// chat sockets out (reason PLAN) on every replica, in the order's transaction;
// another home's socket stays.
func TestPaidPlanChangeKnocksOutChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		carer := chatSocket(t, e, e.SignIn(t, "caregiver_maple1"))
		cedar := chatSocket(t, e, e.SignIn(t, "caregiver_cedar1"))
		var roomy shared.ServicePackage // a free package with room for Maple's residents
		admin.Post(t, sys+"/servicePackage/save", shared.ServicePackage{Name: "Free roomy", Role: shared.PlanFree, ValidityUnit: shared.ValidityMonth,
			Currency: "USD", Status: shared.PackageEnabled}).OK(t).Into(t, &roomy)
		admin.Post(t, sys+"/subscription/admin/tenantPlan", shared.TenantPlanRequest{TenantID: e.FacilityID(t, "Maple House AFH"),
			PackageID: roomy.ID, Periods: 1, Paid: true, Remark: "Back to free"}).Is(t, http.StatusOK, shared.CodeOK)
		f := readFrame(t, carer)
		var ev shared.ImKnockOutEvent
		if f.Action != shared.ImKnockOut || json.Unmarshal(f.Data, &ev) != nil || ev.Reason != "PLAN" {
			t.Fatalf("frame after the plan change: %+v", f)
		}
		// Cedar's socket is still open: a ping is answered.
		if err := cedar.WriteJSON(shared.ImFrame{Action: shared.ImPing}); err != nil {
			t.Fatal(err)
		}
		if f := readFrame(t, cedar); f.Action == shared.ImKnockOut {
			t.Fatalf("Cedar knocked out: %+v", f)
		}
	})
}

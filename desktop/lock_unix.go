//go:build !windows

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// errRunning: another hearth-desktop has this settings directory.
var errRunning = errors.New("already running on this computer for this user (one Hearth per settings directory)")

// lockInstance holds an exclusive lock on <dir>/instance.lock while the
// shell runs, so one settings directory has one shell (one outbox sender,
// one kiosk at the door). Wails' own SingleInstanceLock goes through the
// D-Bus session bus, which a kiosk started from a login script or a test may
// not have. The kernel drops the lock when the process ends, even by kill -9;
// a restart in the other mode (re-exec) closes the descriptor (Go opens files
// close-on-exec) and the new start takes the lock again.
func lockInstance(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "instance.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errRunning
		}
		return nil, fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return f, nil
}

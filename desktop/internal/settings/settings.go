// Package settings keeps the desktop shell's settings.json: the cloud URL,
// the mode, the door kiosk's credential and exit PIN hash, and the owner
// window's size. The file holds a secret (the kiosk credential), so it is
// 0600 in a 0700 directory, and it is replaced atomically so a crash or power
// loss leaves either the old or the new file, never half of one.
package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"hearth/shared"
)

// FileName is the settings file inside the shell's directory.
const FileName = "settings.json"

// Window is the owner window's last size, restored at the next start.
type Window struct {
	Width     int  `json:"width"`
	Height    int  `json:"height"`
	Maximised bool `json:"maximised"`
}

// Settings is everything the shell remembers outside its database.
type Settings struct {
	CloudURL string             `json:"cloudUrl,omitempty"`
	Mode     shared.DesktopMode `json:"mode,omitempty"`

	// KioskCredential is the door kiosk's hk_… credential (empty when this
	// computer is not a kiosk). The cloud keeps only its hash.
	KioskCredential   string `json:"kioskCredential,omitempty"`
	KioskDeviceName   string `json:"kioskDeviceName,omitempty"`
	KioskFacilityName string `json:"kioskFacilityName,omitempty"`
	// OutboxCredential keeps a forgotten kiosk's credential only until the
	// punches it queued are on the cloud; nothing else may use it.
	OutboxCredential string `json:"outboxCredential,omitempty"`

	// ExitPinHash is the argon2id hash (PHC string) of the owner's PIN that
	// leaves kiosk mode; the failures lock it like a caregiver's PIN.
	ExitPinHash        string `json:"exitPinHash,omitempty"`
	ExitPinFailures    int    `json:"exitPinFailures,omitempty"`
	ExitPinLockedUntil int64  `json:"exitPinLockedUntil,omitempty"`

	Window *Window `json:"window,omitempty"`
}

// Load reads dir/settings.json; a missing file is the zero Settings.
func Load(dir string) (Settings, error) {
	var s Settings
	raw, err := os.ReadFile(filepath.Join(dir, FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("read settings: %w", err)
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("read settings %s: %w", filepath.Join(dir, FileName), err)
	}
	return s, nil
}

// Save writes dir/settings.json atomically: a temporary file in the same
// directory, fsync, rename over the old file, fsync the directory (so the
// rename itself survives a power loss).
func Save(dir string, s Settings) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("settings dir: %w", err)
	}
	raw, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("settings: encode: %w", err)
	}
	tmp, err := os.CreateTemp(dir, FileName+".*.tmp") // CreateTemp makes it 0600
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if _, err := tmp.Write(raw); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, FileName)); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	done = true
	if d, err := os.Open(dir); err == nil { // directory fsync is not possible on Windows; best effort
		_ = d.Sync()
		d.Close()
	}
	return nil
}

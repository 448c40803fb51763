//go:build windows

package main

import "os"

// lockInstance: on Windows, Wails' SingleInstanceLock (a named mutex) keeps
// one shell per user; nothing more is needed.
func lockInstance(string) (*os.File, error) { return nil, nil }

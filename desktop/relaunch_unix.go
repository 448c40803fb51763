//go:build !windows

package main

import (
	"os"
	"syscall"
)

// relaunch replaces this process with a new start of the shell, without
// --kiosk (the saved mode decides). The window and the database are closed.
func relaunch() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return syscall.Exec(exe, relaunchArgs(exe), os.Environ())
}

//go:build windows

package main

import (
	"os"
	"os/exec"
)

// relaunch starts the shell again, without --kiosk (the saved mode decides),
// and lets this process end.
func relaunch() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	args := relaunchArgs(exe)
	cmd := exec.Command(exe, args[1:]...)
	cmd.Env = os.Environ()
	return cmd.Start()
}

package main

import (
	"os"
	"strings"
)

// relaunchArgs is argv for the next start: the same flags but --kiosk.
func relaunchArgs(exe string) []string {
	out := []string{exe}
	for _, a := range os.Args[1:] {
		if a == "--kiosk" || a == "-kiosk" || strings.HasPrefix(a, "--kiosk=") || strings.HasPrefix(a, "-kiosk=") {
			continue
		}
		out = append(out, a)
	}
	return out
}

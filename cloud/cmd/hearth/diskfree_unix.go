//go:build linux || darwin

package main

import (
	"fmt"
	"syscall"
)

// diskFree is the space free to an unprivileged writer on dir's file system.
func diskFree(dir string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("free space of %s: %w", dir, err)
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}

// Command hearth-desktop is the Wails shell for owners and the clock-in kiosk.
// It is built by the desktop issue; until then it only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "hearth-desktop: the desktop shell is not built yet; use the browser at the cloud URL")
	os.Exit(2)
}

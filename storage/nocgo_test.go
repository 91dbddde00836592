package storage

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBuildWithoutCgoNamesTheFix: built with CGO_ENABLED=0, the package
// fails with a message that says what to do, not with the driver's
// undefined identifiers.
func TestBuildWithoutCgoNamesTheFix(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "build", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the build without cgo succeeded")
	}
	if !strings.Contains(string(out), "Casefile_needs_cgo__install_gcc_and_build_with_CGO_ENABLED_1") {
		t.Errorf("the build without cgo does not name the fix:\n%s", out)
	}
	if strings.Contains(string(out), "sqlite3.") {
		t.Errorf("the build without cgo still fails on the driver's identifiers:\n%s", out)
	}
}

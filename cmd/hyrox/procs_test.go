//go:build crash || bench

package main

// Helpers for the process-level tests (crash_test.go): build the real binary
// once, start `hyrox serve` as a child process on a free port, talk to it.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// hyroxBinary builds ./cmd/hyrox once per test run into a temporary folder.
func hyroxBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hyrox-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "hyrox")
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// proc is one running `hyrox serve`.
type proc struct {
	cmd  *exec.Cmd
	addr string
	logs *syncBuffer
	done chan error
}

func procEnv(dbURL string) []string {
	return append(os.Environ(), "HOST=127.0.0.1", "PORT=0", "DATABASE_URL="+dbURL, "APP_ENV=test", "LOG_FORMAT=text")
}

// startProc starts the binary and waits until /readyz answers 200. env
// (NAME=value) overrides procEnv's settings, e.g. a fixed PORT.
func startProc(t *testing.T, bin, dbURL string, env ...string) *proc {
	t.Helper()
	p := &proc{logs: &syncBuffer{}, done: make(chan error, 1)}
	p.cmd = exec.Command(bin, "serve")
	p.cmd.Env = append(procEnv(dbURL), env...) // the last value of a name wins
	p.cmd.Stdout = io.Discard
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			p.logs.Write([]byte(line + "\n"))
			if m := listenRE.FindStringSubmatch(line); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
	}()
	go func() { p.done <- p.cmd.Wait() }()
	select {
	case p.addr = <-found:
	case err := <-p.done:
		t.Fatalf("serve exited before listening: %v\n%s", err, p.logs.String())
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		t.Fatalf("serve did not start in 30 s:\n%s", p.logs.String())
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := http.Get("http://" + p.addr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p
			}
		}
		if time.Now().After(deadline) {
			p.cmd.Process.Kill()
			t.Fatalf("serve not ready in 10 s:\n%s", p.logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// kill sends sig and waits for the process to exit; it returns the exit error.
func (p *proc) stop(t *testing.T, sig syscall.Signal) error {
	t.Helper()
	_ = p.cmd.Process.Signal(sig)
	select {
	case err := <-p.done:
		return err
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		t.Fatalf("serve did not exit 30 s after %v:\n%s", sig, p.logs.String())
		return nil
	}
}

// runCLI runs another hyrox command against the same database.
func runCLI(t *testing.T, bin, dbURL string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = procEnv(dbURL)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hyrox %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// apiClient is one signed-in athlete.
type apiClient struct {
	http     *http.Client
	username string
	userID   int64
}

func newAPIClient() *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

// newAPIClientFrom is a client whose connections come from the loopback
// address ip (Linux answers on all of 127.0.0.0/8), so a proxy in front of
// the app sees one client per address.
func newAPIClientFrom(ip string) *apiClient {
	c := newAPIClient()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	c.http.Transport = &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 4}
	return c
}

// do sends a JSON request to base+path; out (when not nil) receives a 2xx body.
func (c *apiClient) do(base, method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		// The status arrived but the body did not: not an acknowledgement.
		return 0, err
	}
	if out != nil && res.StatusCode/100 == 2 {
		if err := json.Unmarshal(data, out); err != nil {
			return res.StatusCode, fmt.Errorf("decode %s %s: %w", method, path, err)
		}
	}
	return res.StatusCode, nil
}

package server_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// zeros is an endless reader of zero bytes that counts what was read.
type zeros struct{ read atomic.Int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read.Add(int64(len(p)))
	return len(p), nil
}

// A 2 GB upload is refused, whether it declares its length (413 before a
// byte is read) or is sent chunked (its file is refused at 25 MB and the rest
// of the upload at 100 MB, each named in the answer): the server neither
// reads it all nor holds it in memory, and nothing is imported
// (docs/import.md#the-upload).
func TestImportRefusesA2GBUpload(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	const size = 2 << 30
	// Not subtests: the client's checks fail the test its Env was made in.
	for _, declared := range []bool{true, false} {
		name := map[bool]string{true: "declared", false: "chunked"}[declared]
		var head bytes.Buffer
		w := multipart.NewWriter(&head)
		if _, err := w.CreateFormFile("files", "huge.fit"); err != nil {
			t.Fatal(err)
		}
		tail := "\r\n--" + w.Boundary() + "--\r\n"
		src := &zeros{}
		body := io.MultiReader(bytes.NewReader(head.Bytes()), io.LimitReader(src, size), strings.NewReader(tail))
		length := int64(-1)
		if declared {
			length = int64(head.Len()) + size + int64(len(tail))
		}

		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		res := c.Do("POST", "/api/imports", servertest.Stream{ContentType: w.FormDataContentType(), Body: body, Length: length})
		took := time.Since(start)
		runtime.ReadMemStats(&after)

		if declared {
			res.Want(http.StatusRequestEntityTooLarge)
			if !res.Contains("The upload is larger than 100 MB.") {
				t.Errorf("%s: message %s", name, res.Body)
			}
		} else {
			res.Want(http.StatusOK)
			if !res.Contains(`"name":"huge.fit","error":"is larger than 25 MB"`) || !res.Contains("was not read: the upload is larger than 100 MB") || !res.Contains(`"imported":0`) {
				t.Errorf("%s: answer %s", name, res.Body)
			}
		}
		if read := src.read.Load(); read > 200<<20 {
			t.Errorf("%s: %d MB of the 2 GB were sent before the refusal: the server kept reading", name, read>>20)
		}
		if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 64<<20 {
			t.Errorf("%s: the heap grew by %d MB while refusing the upload", name, grew>>20)
		}
		if took > 30*time.Second {
			t.Errorf("%s: the refusal took %v", name, took)
		}
		t.Logf("%s: refused in %v after %d MB sent", name, took.Round(time.Millisecond), src.read.Load()>>20)
	}
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM imported_activities`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("imported activities after the refusals: %d (%v)", n, err)
	}
}

// A background import's upload is spooled to disk as it arrives: sent
// chunked, 2 GB is refused at 100 MB with 413, the heap does not grow with
// what was read, and no batch is kept (docs/import.md#background-imports).
func TestImportBatchRefusesA2GBUpload(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	var head bytes.Buffer
	w := multipart.NewWriter(&head)
	if _, err := w.CreateFormFile("files", "export.zip"); err != nil {
		t.Fatal(err)
	}
	src := &zeros{}
	body := io.MultiReader(bytes.NewReader(head.Bytes()), io.LimitReader(src, 2<<30), strings.NewReader("\r\n--"+w.Boundary()+"--\r\n"))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := c.Do("POST", "/api/imports/batches", servertest.Stream{ContentType: w.FormDataContentType(), Body: body, Length: -1})
	runtime.ReadMemStats(&after)
	res.Want(http.StatusRequestEntityTooLarge)
	if !res.Contains("The upload is larger than 100 MB. Import fewer files at a time.") {
		t.Errorf("message %s", res.Body)
	}
	if read := src.read.Load(); read > 200<<20 {
		t.Errorf("%d MB of the 2 GB were sent before the refusal: the server kept reading", read>>20)
	}
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 32<<20 {
		t.Errorf("the heap grew by %d MB while refusing the upload: it was held in memory", grew>>20)
	}
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM import_batches`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("batches kept after the refusal: %d (%v)", n, err)
	}
}

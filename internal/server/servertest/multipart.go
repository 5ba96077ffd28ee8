package servertest

import (
	"bytes"
	"io"
	"mime/multipart"
)

// File is one file of a Multipart body.
type File struct {
	Name string
	Data []byte
}

// Multipart is a request body Do sends as multipart/form-data, every file
// in a part named "files" (POST /api/imports).
type Multipart []File

func (m Multipart) encode() ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range m {
		part, err := w.CreateFormFile("files", f.Name)
		if err != nil {
			panic(err) // writing to a bytes.Buffer does not fail
		}
		part.Write(f.Data)
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// Stream is a request body Do sends as it reads it, never held whole: a
// body larger than memory (a 2 GB upload). Length is the Content-Length to
// declare; -1 sends it chunked, with no length.
type Stream struct {
	ContentType string
	Body        io.Reader
	Length      int64
}

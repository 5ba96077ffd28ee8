package servertest

import (
	"bytes"
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

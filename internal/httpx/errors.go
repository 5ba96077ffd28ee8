// Package httpx holds the HTTP pieces every area shares: the error type and
// its status table, JSON in and out, the request identity and middleware.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Code classifies an error; one table maps codes to HTTP statuses.
type Code string

const (
	CodeInvalid         Code = "invalid"
	CodeUnauthorized    Code = "unauthorized"
	CodeForbidden       Code = "forbidden"
	CodeNotFound        Code = "not_found"
	CodeConflict        Code = "conflict"
	CodeTooLarge        Code = "too_large"
	CodeTooManyRequests Code = "too_many_requests"
	CodeUnavailable     Code = "unavailable"
	CodeInternal        Code = "internal"
)

var statusByCode = map[Code]int{
	CodeInvalid:         http.StatusBadRequest,
	CodeUnauthorized:    http.StatusUnauthorized,
	CodeForbidden:       http.StatusForbidden,
	CodeNotFound:        http.StatusNotFound,
	CodeConflict:        http.StatusConflict,
	CodeTooLarge:        http.StatusRequestEntityTooLarge,
	CodeTooManyRequests: http.StatusTooManyRequests,
	CodeUnavailable:     http.StatusServiceUnavailable,
	CodeInternal:        http.StatusInternalServerError,
}

// Error is an error with a code and a message that is safe to show a user.
// Fields carries per-field validation messages; Extra adds top-level members
// to the JSON body (for example requiredTier).
type Error struct {
	Code    Code
	Message string
	Fields  map[string]string
	Extra   map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Status is the HTTP status for the error's code.
func (e *Error) Status() int {
	if s, ok := statusByCode[e.Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Errorf builds an Error with a formatted user-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a 400 error from field messages; the message is the first
// field's message so a form without per-field display still reads well.
func Invalid(fields map[string]string, order ...string) *Error {
	msg := "Please check the highlighted fields."
	for _, f := range order {
		if m, ok := fields[f]; ok {
			msg = m
			break
		}
	}
	if len(order) == 0 && len(fields) == 1 {
		for _, m := range fields {
			msg = m
		}
	}
	return &Error{Code: CodeInvalid, Message: msg, Fields: fields}
}

// Validator gathers field messages in order; the first message per field wins.
type Validator struct {
	fields map[string]string
	order  []string
}

// Check records msg for field when ok is false.
func (v *Validator) Check(ok bool, field, msg string) {
	if ok {
		return
	}
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, seen := v.fields[field]; seen {
		return
	}
	v.fields[field] = msg
	v.order = append(v.order, field)
}

// Err returns the 400 error, or nil when every check passed.
func (v *Validator) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return Invalid(v.fields, v.order...)
}

var (
	ErrUnauthorized = &Error{Code: CodeUnauthorized, Message: "Please log in to continue."}
	ErrForbidden    = &Error{Code: CodeForbidden, Message: "You do not have access to this."}
	ErrNotFound     = &Error{Code: CodeNotFound, Message: "Not found."}
)

// AsError returns err as an *Error, or an internal error that hides its text.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: CodeInternal, Message: "Something went wrong on our side. Please try again."}
}

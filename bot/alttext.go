package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/textproto"

	"github.com/bwmarrin/discordgo"

	"casefile/commands"
)

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// altText gives each uploaded file its description (the image's alt text)
// in the request's payload, as Discord's attachments list. discordgo's
// message types have no field for it, so the option rewrites the
// multipart body discordgo built; data names the object the list belongs
// in ("data" for an interaction response, "" for a message). Files
// without a description leave the request as it was.
func altText(fs []commands.File, data string) discordgo.RequestOption {
	var list []map[string]string
	described := false
	for i, f := range fs {
		a := map[string]string{"id": fmt.Sprint(i), "filename": f.Name}
		if f.Description != "" {
			a["description"] = truncate(f.Description, maxAltText)
			described = true
		}
		list = append(list, a)
	}
	return func(cfg *discordgo.RequestConfig) {
		if !described || cfg.Request == nil || cfg.Request.Body == nil {
			return
		}
		body, ct, err := withAttachments(cfg.Request.Body, cfg.Request.Header.Get("Content-Type"), list, data)
		if err != nil {
			// The message still goes, without its alt text.
			return
		}
		cfg.Request.Body = io.NopCloser(bytes.NewReader(body))
		cfg.Request.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		cfg.Request.ContentLength = int64(len(body))
		cfg.Request.Header.Set("Content-Type", ct)
	}
}

// withAttachments copies a multipart body, adding list to its payload_json
// (inside the object named data, when set).
func withAttachments(r io.Reader, contentType string, list []map[string]string, data string) ([]byte, string, error) {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "multipart/form-data" {
		return nil, "", fmt.Errorf("not a multipart body: %q", contentType)
	}
	in := multipart.NewReader(r, params["boundary"])
	var out bytes.Buffer
	w := multipart.NewWriter(&out)
	for {
		p, err := in.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, "", err
		}
		if p.FormName() == "payload_json" {
			if b, err = addAttachments(b, list, data); err != nil {
				return nil, "", err
			}
		}
		h := textproto.MIMEHeader{}
		for k, v := range p.Header {
			h[k] = v
		}
		pw, err := w.CreatePart(h)
		if err != nil {
			return nil, "", err
		}
		pw.Write(b)
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return out.Bytes(), w.FormDataContentType(), nil
}

func addAttachments(payload []byte, list []map[string]string, data string) ([]byte, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(payload, &top); err != nil {
		return nil, err
	}
	obj := top
	if data != "" {
		var inner map[string]json.RawMessage
		if err := json.Unmarshal(top[data], &inner); err != nil {
			return nil, err
		}
		obj = inner
	}
	l, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	obj["attachments"] = l
	if data != "" {
		inner, err := json.Marshal(obj)
		if err != nil {
			return nil, err
		}
		top[data] = inner
	}
	return json.Marshal(top)
}

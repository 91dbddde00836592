package bot

import (
	"errors"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// TestTokenRejectedAtTheGateway: real Discord serves GET /gateway without
// a token and refuses a bad one when the bot identifies, with close code
// 4004; that counts as a rejected token like a REST 401.
func TestTokenRejectedAtTheGateway(t *testing.T) {
	if !tokenRejected(&websocket.CloseError{Code: 4004, Text: "Authentication failed"}) {
		t.Error("close code 4004 is not read as a rejected token")
	}
	if !tokenRejected(fmt.Errorf("wrapped: %w", discordgo.ErrUnauthorized)) {
		t.Error("discordgo.ErrUnauthorized is not read as a rejected token")
	}
	if tokenRejected(&websocket.CloseError{Code: 4014}) || tokenRejected(errors.New("dial tcp: connection refused")) {
		t.Error("another failure is read as a rejected token")
	}
}

func TestInviteURL(t *testing.T) {
	want := "https://discord.com/oauth2/authorize?client_id=42&scope=bot%20applications.commands&permissions=309237746688"
	if got := InviteURL("42"); got != want {
		t.Errorf("InviteURL = %s, want %s", got, want)
	}
}

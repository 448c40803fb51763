package ai

import (
	"bytes"
	"encoding/binary"
	"time"
)

// AudioFormat is a recording's container, decided by its content.
type AudioFormat string

// The recordings the translator accepts (spec 001 §9: webm, mp4 on Safari;
// mpeg, wav and ogg from other recorders and the desktop shell).
const (
	FormatWebM AudioFormat = "webm"
	FormatMP4  AudioFormat = "mp4"
	FormatMPEG AudioFormat = "mpeg"
	FormatWAV  AudioFormat = "wav"
	FormatOGG  AudioFormat = "ogg"
)

// Ext is the file extension providers expect for the format.
func (f AudioFormat) Ext() string {
	switch f {
	case FormatMPEG:
		return "mp3"
	case FormatMP4:
		return "m4a"
	default:
		return string(f)
	}
}

// ContentType is the format's MIME type.
func (f AudioFormat) ContentType() string {
	switch f {
	case FormatMPEG:
		return "audio/mpeg"
	case FormatMP4:
		return "audio/mp4"
	case FormatWAV:
		return "audio/wav"
	default:
		return "audio/" + string(f)
	}
}

// SniffAudio decides a recording's format from its first bytes (never from
// the name or the declared type): EBML (WebM), ftyp (MP4), ID3 or an MPEG
// audio frame sync (MP3), RIFF…WAVE, OggS. ok is false for anything else.
func SniffAudio(b []byte) (AudioFormat, bool) {
	switch {
	case len(b) >= 4 && bytes.Equal(b[:4], []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return FormatWebM, true
	case len(b) >= 12 && string(b[4:8]) == "ftyp":
		return FormatMP4, true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return FormatWAV, true
	case len(b) >= 4 && string(b[:4]) == "OggS":
		return FormatOGG, true
	case len(b) >= 3 && string(b[:3]) == "ID3":
		return FormatMPEG, true
	case len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0 && b[1]&0x06 != 0: // frame sync, a layer set
		return FormatMPEG, true
	}
	return "", false
}

// WAVDuration is the length of a PCM WAV recording from its fmt and data
// chunks; ok is false when the header cannot be read.
func WAVDuration(b []byte) (time.Duration, bool) {
	byteRate, dataSize, _, ok := wavChunks(b)
	if !ok || byteRate == 0 {
		return 0, false
	}
	return time.Duration(float64(dataSize) / float64(byteRate) * float64(time.Second)), true
}

// wavChunks walks a WAV file's chunks: the fmt chunk's byte rate, the data
// chunk's size (bounded by the bytes present) and where its size field is.
func wavChunks(b []byte) (byteRate uint32, dataSize int, sizeAt int, ok bool) {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return 0, 0, 0, false
	}
	for i := 12; i+8 <= len(b); {
		id, size := string(b[i:i+4]), int(binary.LittleEndian.Uint32(b[i+4:i+8]))
		body := i + 8
		switch id {
		case "fmt ":
			if body+12 > len(b) {
				return 0, 0, 0, false
			}
			byteRate = binary.LittleEndian.Uint32(b[body+8 : body+12])
		case "data":
			if size < 0 || body+size > len(b) {
				size = len(b) - body // a streamed WAV (espeak-ng --stdout) leaves the size unset
			}
			return byteRate, size, i + 4, byteRate > 0
		}
		if size < 0 || body+size+size%2 > len(b) {
			return 0, 0, 0, false
		}
		i = body + size + size%2
	}
	return 0, 0, 0, false
}

// fixWAVSizes writes the RIFF and data sizes of a WAV whose writer streamed
// it without knowing its length (espeak-ng --stdout writes 0x7FFFF000-ish
// sizes), so players and WAVDuration read the real length.
func fixWAVSizes(b []byte) bool {
	_, size, at, ok := wavChunks(b)
	if !ok {
		return false
	}
	binary.LittleEndian.PutUint32(b[4:8], uint32(len(b)-8))
	binary.LittleEndian.PutUint32(b[at:at+4], uint32(size))
	return true
}

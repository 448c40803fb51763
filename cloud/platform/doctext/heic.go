package doctext

// HEIC photos (an iPhone's pictures of paper, issue 33): told apart by their
// ISO-BMFF `ftyp` box, bounded by the sizes their `ispe` boxes declare, then
// turned into PNG by Debian's heif-convert (libheif-examples) and read like
// any other photo (clean.go, then tesseract).
//
// Source notes:
//   - ISO/IEC 14496-12 (ISO base media file format) §4.2: a box is a 32-bit
//     size and a four-character type; size 1 means a 64-bit size follows,
//     size 0 that the box runs to the end of its container. `ftyp` holds the
//     major brand, a minor version and the compatible brands. A FullBox
//     (`meta`, `ispe`) has 4 bytes of version and flags before its fields.
//   - Brands: ISO/IEC 23008-12:2022 Annex B.4, as libheif names them
//     (libheif/api/libheif/heif.h, heif_brand2_*): heic and heix (HEVC
//     images), hevc and hevx (HEVC image sequences), heim, heis, hevm, hevs
//     (multi-layer and scalable HEVC); mif1 and msf1 are structural brands
//     that say nothing of the coding (an AVIF file is mif1 too), so they count
//     only with an HEVC brand among the compatible ones.
//   - ISO/IEC 23008-12 §6.5.3: `ispe` (in meta/iprp/ipco) is each image's
//     width and height, 32 bits each.
//   - libheif 1.15 decodes an image at the size its HEVC stream codes, not the
//     size `ispe` declares (tried: a 1200 × 900 photo whose ispe claimed
//     100 × 100 came out 1200 × 900), so the declared size only refuses a file
//     that is honestly too large; heif-convert also runs with its memory
//     bounded (prlimit --data, util-linux) and its output's header is checked
//     again before it is decoded (cleanPage).
//   - heif-convert(1) writes one PNG per top-level image, named out.png for
//     one image and out-1.png, out-2.png ... for several; --quiet drops its
//     status lines. It applies the image's rotation and mirroring (irot, imir).

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"hearth/shared"
)

// HEIC is a HEIF image coded with HEVC, as a phone takes it.
const HEIC = "image/heic"

// heifConvertMemory bounds what heif-convert may allocate: a 12-megapixel
// iPhone photo took 109 MB (max RSS, libheif 1.15), shared.ImageMaxPixels
// (40 megapixels) a little over three times that.
const heifConvertMemory = 1 << 30

var hevcBrands = map[string]bool{"heic": true, "heix": true, "hevc": true, "hevx": true, "heim": true, "heis": true, "hevm": true, "hevs": true}

// isHEIC says whether head (a file's first bytes) opens with an `ftyp` box naming an HEVC image brand.
func isHEIC(head []byte) bool {
	if len(head) < 16 || string(head[4:8]) != "ftyp" {
		return false
	}
	size := int(binary.BigEndian.Uint32(head))
	if size < 16 || size%4 != 0 {
		return false
	}
	major := string(head[8:12])
	if hevcBrands[major] {
		return true
	}
	if major != "mif1" && major != "msf1" {
		return false
	}
	for i := 16; i+4 <= min(size, len(head)); i += 4 {
		if hevcBrands[string(head[i:i+4])] {
			return true
		}
	}
	return false
}

// maxMetaBox bounds the `meta` box read to find the images' sizes: an
// iPhone's, with 48 tiles and a thumbnail, is a few kilobytes.
const maxMetaBox = 4 << 20

// HEICSize answers the largest width and the largest height among the images
// a HEIC declares (its `ispe` boxes: the photo, its tiles, its thumbnail).
// A file without a readable `meta` box or `ispe` answers ErrUnreadable.
func HEICSize(r io.ReaderAt, size int64) (w, h int, err error) {
	var meta []byte
	for off := int64(0); off+8 <= size && meta == nil; {
		typ, start, end, err := boxAt(r, off, size)
		if err != nil {
			return 0, 0, err
		}
		if typ == "meta" {
			if end-start > maxMetaBox {
				return 0, 0, fmt.Errorf("%w: the HEIC's meta box is %d bytes", ErrUnreadable, end-start)
			}
			meta = make([]byte, end-start)
			if _, err := r.ReadAt(meta, start); err != nil {
				return 0, 0, fmt.Errorf("%w: %w", ErrUnreadable, err)
			}
		}
		off = end
	}
	if len(meta) < 4 {
		return 0, 0, fmt.Errorf("%w: the HEIC has no meta box", ErrUnreadable)
	}
	found := false
	for _, iprp := range boxes(meta[4:], "iprp") {
		for _, ipco := range boxes(iprp, "ipco") {
			for _, ispe := range boxes(ipco, "ispe") {
				if len(ispe) < 12 {
					continue
				}
				found = true
				w = max(w, int(binary.BigEndian.Uint32(ispe[4:8])))
				h = max(h, int(binary.BigEndian.Uint32(ispe[8:12])))
			}
		}
	}
	if !found {
		return 0, 0, fmt.Errorf("%w: the HEIC declares no image size", ErrUnreadable)
	}
	return w, h, nil
}

// boxAt reads the header of the box at off in a file of size bytes: its type
// and where its content starts and the box ends.
func boxAt(r io.ReaderAt, off, size int64) (typ string, start, end int64, err error) {
	var hdr [16]byte
	if _, err := r.ReadAt(hdr[:8], off); err != nil {
		return "", 0, 0, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	n, start := int64(binary.BigEndian.Uint32(hdr[:4])), off+8
	switch n {
	case 0:
		n = size - off
	case 1:
		if _, err := r.ReadAt(hdr[8:16], off+8); err != nil {
			return "", 0, 0, fmt.Errorf("%w: %w", ErrUnreadable, err)
		}
		n, start = int64(binary.BigEndian.Uint64(hdr[8:16])), off+16
	}
	if n < start-off || n > size-off {
		return "", 0, 0, fmt.Errorf("%w: a HEIC box of %d bytes at %d", ErrUnreadable, n, off)
	}
	return string(hdr[4:8]), start, off + n, nil
}

// boxes are the contents of the boxes of type typ directly inside b (a box's content).
func boxes(b []byte, typ string) [][]byte {
	var out [][]byte
	for len(b) >= 8 {
		n, start := uint64(binary.BigEndian.Uint32(b)), uint64(8)
		switch n {
		case 0:
			n = uint64(len(b))
		case 1:
			if len(b) < 16 {
				return out
			}
			n, start = binary.BigEndian.Uint64(b[8:16]), 16
		}
		if n < start || n > uint64(len(b)) {
			return out
		}
		if string(b[4:8]) == typ {
			out = append(out, b[start:n])
		}
		b = b[n:]
	}
	return out
}

// checkImageSize answers ErrUnreadable, saying the size, for an image larger
// than an upload may be (shared.ImageUploadMaxSide, shared.ImageMaxPixels).
func checkImageSize(w, h int) error {
	if w <= 0 || h <= 0 || w > shared.ImageUploadMaxSide || h > shared.ImageUploadMaxSide || w*h > shared.ImageMaxPixels {
		return fmt.Errorf("%w: the image is %d × %d pixels", ErrUnreadable, w, h)
	}
	return nil
}

// heicPages converts the HEIC in name into one PNG per image with
// heif-convert, after checking the sizes it declares, and answers the PNGs'
// paths in order.
func heicPages(ctx context.Context, name string, opt Options) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("doctext: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("doctext: %w", err)
	}
	w, h, err := HEICSize(f, st.Size())
	f.Close()
	if err != nil {
		return nil, err
	}
	if err := checkImageSize(w, h); err != nil {
		return nil, err
	}
	convert, err := look("heif-convert")
	if err != nil {
		return nil, err
	}
	out := filepath.Join(filepath.Dir(name), "heic")
	if _, err := run(ctx, opt.PageTimeout, "prlimit", "--data="+strconv.Itoa(heifConvertMemory), "--", convert, "--quiet", name, out+".png"); err != nil {
		return nil, err
	}
	if _, err := os.Stat(out + ".png"); err == nil {
		return []string{out + ".png"}, nil
	}
	pages, err := filepath.Glob(out + "-*.png")
	if err != nil || len(pages) == 0 {
		return nil, fmt.Errorf("%w: heif-convert wrote no image", ErrUnreadable)
	}
	number := func(p string) int {
		n, _ := strconv.Atoi(p[len(out)+1 : len(p)-len(".png")])
		return n
	}
	sort.Slice(pages, func(i, j int) bool { return number(pages[i]) < number(pages[j]) })
	return pages, nil
}

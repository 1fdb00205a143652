public import SDUILayout

/// The CSS every rendered page shares: the font faces, the node boxes, text lines, images, appearance.
public enum PageStyle {
    /// The font-family every text line uses: Inter, then the Hebrew and Arabic faces (all embedded), then the
    /// CJK and emoji fallbacks the text engine measures with (see `docs/text.md`). The browser takes each
    /// character from the first family that has it, as the measurer does.
    public static let fontFamily = "\"SDUI Inter\", \"SDUI Noto Sans Hebrew\", \"SDUI Noto Sans Arabic\", \"Noto Sans CJK JP\", "
        + "\"Noto Color Emoji\", sans-serif"

    /// The embedded families every page has (Inter).
    public static let baseFamilies: Set<String> = ["SDUI Inter"]

    /// The embedded families the text of `layouts` needs: Inter, and the Hebrew and Arabic faces when some line
    /// has a character of their blocks (the others' ~40 KB stay out of a page that does not use them).
    public static func families(for layouts: [LayoutResult]) -> Set<String> {
        var families = baseFamilies
        for layout in layouts {
            for node in layout.nodes {
                for line in node.text?.lines ?? [] {
                    for scalar in line.unicodeScalars where scalar.value >= 0x0590 {
                        switch scalar.value {
                        case 0x0590...0x05FF, 0xFB1D...0xFB4F: families.insert("SDUI Noto Sans Hebrew")
                        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF: families.insert("SDUI Noto Sans Arabic")
                        default: break
                        }
                    }
                }
            }
        }
        return families
    }

    /// The CSS for rendered panels, with or without the embedded fonts (those of `families`, and the faces read from
    /// font files `faces`: `loadedFaces(for:)`).
    public static func css(fonts: FontEmbedding, families: Set<String> = baseFamilies, faces: [FontFace] = []) -> String {
        var css = ""
        if fonts == .embedded {
            for face in EmbeddedFonts.faces where families.contains(face.family) {
                css += "@font-face{font-family:\"" + face.family + "\";font-style:normal;font-weight:" + String(face.weight)
                    + ";font-display:block;src:url(data:font/woff2;base64," + face.base64 + ") format(\"woff2\")}\n"
            }
        }
        css += fontFaceRules(faces, fonts: fonts)
        css += rules
        return css
    }

    /// The class the `<html>` element starts with while the embedded fonts load (empty without them).
    static func fontGateClass(fonts: FontEmbedding) -> String {
        fonts == .embedded ? " class=\"sdui-fonts-pending\"" : ""
    }

    /// Keeps the page invisible until the embedded Inter faces and every other font its text uses (e.g. a
    /// fallback for "⅓" in a label) are ready (at most 3 s), so no text is painted in one font and then moved
    /// by a swap: a hidden element that appears is not a layout shift, a visible one that moves is. (Gating
    /// only the panels left sub-pixel shifts of the page's own labels, CLS ≈ 3e-6, once in a few runs.)
    /// Without JavaScript the `<noscript>` rule shows the page at once.
    static func fontGate(fonts: FontEmbedding, families: Set<String> = baseFamilies, faces: [FontFace] = []) -> String {
        guard fonts == .embedded else { return "" }
        return "<style>.sdui-fonts-pending body{visibility:hidden}</style>\n"
            + "<noscript><style>.sdui-fonts-pending body{visibility:visible}</style></noscript>\n"
            + "<script>(function(){var d=document.documentElement,done=false;"
            + "function show(){if(!done){done=true;d.classList.remove('sdui-fonts-pending');}}"
            + "if(!document.fonts||!document.fonts.load){show();return;}"
            + "Promise.all([" + (EmbeddedFonts.faces.filter { families.contains($0.family) }
                .map { "'" + String($0.weight) + " 16px \"" + $0.family + "\"'" } + fontGateDescriptors(faces)).joined(separator: ",")
            + "].map(function(f){return document.fonts.load(f);})).then(function(){return document.fonts.ready;}).then(show,show);"
            + "setTimeout(show,3000);})();</script>\n"
    }

    /// Everything but the font faces. Boxes: absolutely positioned, border-box, no margins or borders, so
    /// the browser's geometry is exactly the engine's. Text: the fonts' default features — kerning, standard and
    /// contextual ligatures — as the engine shapes them (and CoreText draws them), `white-space: pre` (never
    /// re-wrapped).
    static let rules = """
    .sdui-panel{position:relative;overflow:hidden;box-sizing:border-box;margin:0;padding:0;border:0;\
    background-color:var(--bl);color:#000;contain:strict}
    .sdui-dark .sdui-panel{background-color:var(--bd)}
    .sdui-node{position:absolute;box-sizing:border-box;margin:0;padding:0;border:0}
    .sdui-bg{background-color:var(--bl)}
    .sdui-dark .sdui-bg{background-color:var(--bd)}
    .sdui-fg{color:var(--fl)}
    .sdui-dark .sdui-fg{color:var(--fd)}
    .sdui-clip{overflow:hidden}
    .sdui-scroll{overflow:auto;scrollbar-width:none;overscroll-behavior:contain}
    .sdui-hidden{visibility:hidden}
    .sdui-layer{position:absolute;box-sizing:border-box;margin:0;padding:0;border:0;pointer-events:none}
    .sdui-stroke{box-shadow:inset 0 0 0 var(--sw) var(--sl)}
    .sdui-dark .sdui-stroke{box-shadow:inset 0 0 0 var(--sw) var(--sd)}
    .sdui-symbol{background-color:currentColor;opacity:.55}
    .sdui-text{font-family:\(fontFamily);font-style:normal;font-synthesis:none;font-kerning:normal;\
    text-rendering:geometricPrecision;text-spacing-trim:space-all;text-autospace:no-autospace;tab-size:28px;\
    letter-spacing:0;word-spacing:0;text-transform:none}
    .sdui-line{position:absolute;box-sizing:border-box;margin:0;padding:0;white-space:pre;overflow:visible}
    .sdui-ax{position:absolute;left:0;top:0;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
    .sdui-image{position:absolute;overflow:hidden}
    .sdui-image img{position:absolute;left:0;top:0;width:100%;height:100%;object-fit:cover;opacity:0;\
    transition:opacity .25s ease-in}
    .sdui-image img.sdui-fit{object-fit:contain}
    .sdui-image img.sdui-flip{transform:scaleX(-1)}
    .sdui-image.sdui-loaded img{opacity:1}
    .sdui-image.sdui-failed img{visibility:hidden}
    .sdui-skeleton{background:linear-gradient(100deg,#e5e5ea 30%,#f2f2f7 50%,#e5e5ea 70%);background-size:300% 100%;\
    animation:sdui-shimmer 1.4s linear infinite}
    .sdui-dark .sdui-skeleton{background:linear-gradient(100deg,#2c2c2e 30%,#3a3a3c 50%,#2c2c2e 70%);background-size:300% 100%}
    .sdui-skeleton.sdui-loaded,.sdui-skeleton.sdui-failed{animation:none;background:#e5e5ea}
    .sdui-dark .sdui-skeleton.sdui-loaded,.sdui-dark .sdui-skeleton.sdui-failed{background:#2c2c2e}
    @keyframes sdui-shimmer{from{background-position:100% 0}to{background-position:0 0}}
    .sdui-placeholder{position:absolute;left:50%;top:50%;width:28px;height:28px;margin:-14px 0 0 -14px;\
    visibility:hidden;color:#8e8e93}
    .sdui-failed .sdui-placeholder{visibility:visible}
    @media (prefers-reduced-motion:reduce){.sdui-skeleton{animation:none}.sdui-image img{transition:none}}

    """

    /// The failure phase's icon (a photo glyph), hidden until the image fails.
    static let placeholderIcon = "<svg class=\"sdui-placeholder\" viewBox=\"0 0 24 24\" aria-hidden=\"true\">"
        + placeholderPaths + "</svg>"

    /// The photo glyph's shapes on a 24×24 grid, drawn in `currentColor`.
    static let placeholderPaths = "<rect x=\"2.5\" y=\"4.5\" width=\"19\" height=\"15\" rx=\"2.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
        + "<circle cx=\"8.5\" cy=\"9.5\" r=\"1.8\" fill=\"currentColor\"/>"
        + "<path d=\"M3.5 17.5l5.5-5.5 4 4 3-3 4.5 4.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
}

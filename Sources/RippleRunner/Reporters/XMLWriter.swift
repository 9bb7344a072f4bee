/// A small XML 1.0 document builder: elements with ordered attributes, text and children, serialised with
/// every special character escaped and every character XML 1.0 cannot carry (C0 controls other than tab,
/// newline and carriage return; U+FFFE, U+FFFF) written as a visible `\xNN` / `\u{NNNN}` escape instead, so
/// that the document always parses. (FoundationXML would do the same job but loads Foundation into every
/// `ripple` process; see docs/test-runner.md.)
struct XMLNode {
    var name: String
    var attributes: [(String, String)] = []
    var text: String?
    var children: [XMLNode] = []

    init(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil, children: [XMLNode] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// The document: declaration, then this element, indented by two spaces a level.
    func document() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(to: &out, indent: 0)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        out += pad + "<" + name
        for (key, value) in attributes { out += " " + key + "=\"" + XMLNode.escape(value, attribute: true) + "\"" }
        if text == nil && children.isEmpty {
            out += "/>\n"
            return
        }
        out += ">"
        if let text { out += XMLNode.escape(text, attribute: false) }
        if !children.isEmpty {
            out += "\n"
            for child in children { child.write(to: &out, indent: indent + 1) }
            out += pad
        }
        out += "</" + name + ">\n"
    }

    /// Text or attribute value with `& < > "` (and in attributes tab, newline, carriage return) escaped.
    static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 {
                    out += "\\x" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16, uppercase: true)
                } else if c.value == 0xFFFE || c.value == 0xFFFF {
                    out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }
}

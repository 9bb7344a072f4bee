import Testing
@testable import ObjectGraph
import SeededRandom

/// The lexer reads UTF-8 bytes (session 4); these tests hold it to the `[Character]` lexer it replaced
/// (`LegacyPredicateLexer`): the same tokens (kind, position in characters, text, byte for byte) and the
/// same errors, on tricky Unicode and on random text.
@Suite struct PredicateLexerEquivalenceTests {
    /// Tokens as `kind|position|text`, compared byte for byte (`String(describing:)` keeps the scalars).
    private static func lex(_ tokenize: () throws -> [PredicateToken]) -> [String] {
        do {
            return try tokenize().map { "\($0.kind)|\($0.position)|\($0.text)" }
        } catch {
            return ["error: \(error)"]
        }
    }

    private static func both(_ format: String) -> (new: [String], old: [String]) {
        (lex { try PredicateLexer(format: format).tokenize() }, lex { try LegacyPredicateLexer(format: format).tokenize() })
    }

    static let tricky: [String] = [
        "", " ", "name == 'x'", "a\r\nb == 1", "a\rb", "\r", "\r\r\n", "\r\n", "x == '\r\n'", "'\\\r\n'",
        "café == 'é'", "e\u{301} == 1", "x\u{301}y == 1", "\"\u{301}abc\"", "'\u{301}'", "'a\u{301}",
        "%\u{212A}", "name == %\u{212A}", "\u{212A} == 1", "'\u{212A}'", "\u{37E}", "`", "\u{1FEF}",
        "x\u{2028}== 1", "\u{A0}name\u{3000}== 1", "\u{85}x", "١٢٣ == 1", "x١ == 1", "\u{FF11} == 1", "𝟙",
        "👨‍👩‍👧 == 1", "name == '👨‍👩‍👧'", "🇺🇸🇫🇷", "x🇺🇸", "'\\u00e9\\u0301'", "'\\u+123'", "'\\u-000'",
        "'\\u12'", "'\\u'", "'\\u00'", "'abc\\", "'\\n\\t\\r\\0\\q\\\\\\''", "'\\u1\u{301}23'", "'\\é'",
        "1.5e+3", "1.e5", ".5", "1e", "1e+", "1E-2x", "1..2", "1.5.6", "12abc", "1\u{301}", ".\u{301}5",
        "#AND == 1", "#", "#1", "@", "@count", "@@", "$", "$x.y", "$1", "$\u{301}", "%", "%q", "%\r\n",
        "%K", "%@ == %d", "%i%f", "=\u{338}", "a =\u{338} b", "&&", "||", "&", "|", "a ! b", "!=", "<>", "=<",
        "=>", "=", "a<=b", "(a)[b]{c},d.e-f+g", "~", "name ~ 'x'", "\u{0}", "name == '\u{0}'", "'\u{0}",
        "a\u{200D}b", "\u{200D}", "k\u{301}\u{212A}", "ß == 'SS'", "ǅ", "\u{10FFFF}", "\u{E000}x",
    ]

    @Test("tricky Unicode: the same tokens and errors as the Character lexer")
    func trickyInputs() {
        for format in Self.tricky {
            let (new, old) = Self.both(format)
            #expect(new == old, "\(format.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("exact tokens: positions count characters, texts are as written")
    func exactTokens() throws {
        #expect(Self.both("a\r\nb == 'é\u{301}'").new == [
            "identifier(\"a\", escaped: false)|0|a", "identifier(\"b\", escaped: false)|2|b", "symbol(\"==\")|4|==",
            "string(\"é\u{301}\")|7|'é\u{301}'", "end|10|",
        ])
        #expect(Self.both("%\u{212A} == #k\u{301}").new == [
            "argument(\"\u{212A}\")|0|%\u{212A}", "symbol(\"==\")|3|==", "identifier(\"k\u{301}\", escaped: true)|6|#k\u{301}",
            "end|8|",
        ])
        #expect(Self.both("x == 1.5e+3 AND $v != nil").new == [
            "identifier(\"x\", escaped: false)|0|x", "symbol(\"==\")|2|==", "number(\"1.5e+3\")|5|1.5e+3",
            "identifier(\"AND\", escaped: false)|12|AND", "variable(\"v\")|16|$v", "symbol(\"!=\")|19|!=",
            "identifier(\"nil\", escaped: false)|22|nil", "end|25|",
        ])
        #expect(Self.both("'a\\u00e9\\n'").new == ["string(\"aé\\n\")|0|'a\\u00e9\\n'", "end|11|"])
        #expect(Self.both("name == 'x\u{301}").new
            == [#"error: Unable to parse the format string "name == 'x\#u{301}" (at position 10, near <end of string>)"#])
        #expect(Self.both("é\u{301} ~ 1").new
            == [#"error: Unable to parse the format string "é\#u{301} ~ 1" (at position 2, near '~')"#])
    }

    @Test("random text over tricky pieces: the same tokens and errors as the Character lexer")
    func randomInputs() {
        let pieces: [String] = (32..<127).map { String(UnicodeScalar(UInt8($0))) } + [
            "\r\n", "\r", "\n", "\t", "\u{301}", "\u{338}", "\u{212A}", "\u{37E}", "\u{A0}", "\u{2028}", "é", "e\u{301}",
            "١", "\u{FF11}", "👍", "\u{200D}", "🇺", "\\u00e9", "\\u", "\\", "'", "\"", "%K", "%@", "$v", "==", "name",
            "AND", "1.5e3", " ", " ", "ß", "\u{0}",
        ]
        var generator = SplitMix64(seed: 13)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 24)
            var format = ""
            for _ in 0..<length { format += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let (new, old) = Self.both(format)
            #expect(new == old, "\(format.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("long ASCII input: one token per word, positions by byte")
    func longInput() throws {
        let format = String(repeating: "referrer.", count: 20000) + "name == 'Ann'"
        let tokens = try PredicateLexer(format: format).tokenize()
        #expect(tokens.count == 40004)
        #expect(tokens[39998].text == "referrer" && tokens[39998].position == 179991)
        #expect(Self.both(format).new == Self.both(format).old)
    }
}

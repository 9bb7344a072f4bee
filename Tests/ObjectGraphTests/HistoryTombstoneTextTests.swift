import Testing
@testable import ObjectGraph

/// Tombstones kept in a SQLite store's `Z_HISTORY` come back exactly, whatever their characters.
@Suite struct HistoryTombstoneTextTests {
    @Test("every value type and every separator character round-trips")
    func roundTrip() throws {
        let tombstone: [String: Value] = [
            "plain": .string("Ann"),
            "separators": .string("a\tb\nc\r\nd\u{1E}e\u{1F}f\\g\\t"),
            "empty": .string(""),
            "count": .integer(-42),
            "score": .double(-0.0),
            "nan": .double(.nan),
            "when": .date(1_767_225_600.25),
            "flag": .bool(true),
            "bytes": .data([0, 1, 0xAB, 0xFF]),
            "id": .uuid(UUIDBytes(string: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        ]
        let text = HistoryTombstoneText.encode(tombstone)
        #expect(!text.contains("\n") && !text.contains("\t") && !text.contains("\r"))
        let back = HistoryTombstoneText.decode(text)
        #expect(back.count == tombstone.count)
        for (key, value) in tombstone where key != "nan" && key != "score" { #expect(back[key] == value, "\(key)") }
        if case .double(let d) = back["score"]! { #expect(d.bitPattern == (-0.0).bitPattern) } else { Issue.record("score") }
        if case .double(let d) = back["nan"]! { #expect(d.isNaN) } else { Issue.record("nan") }
        #expect(HistoryTombstoneText.decode("") == [:])
    }
}

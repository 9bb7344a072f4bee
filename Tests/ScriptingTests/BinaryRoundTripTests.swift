import Testing
import SeededRandom
@testable import Scripting

/// Binary attributes keep every byte of a Lua string, whether or not the bytes are UTF-8: all 256 byte values
/// and seeded random strings round-trip exactly in memory (`obj.key = s`, `ctx:insert`), through a SQLite save
/// and a reload in a fresh container, and through `ripple.batchInsertRequest`, on the fast and the general
/// reading paths alike.
@Suite struct BinaryRoundTripTests {
    /// A Lua string literal of exactly `bytes` (every byte as a three-digit decimal escape).
    static func luaLiteral(_ bytes: [UInt8]) -> String {
        "\"" + bytes.map { b -> String in
            let digits = String(b)
            return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
        }.joined() + "\""
    }

    /// The strings checked: all 256 byte values in one string, each byte alone, the issue's example, and
    /// random strings (random bytes, and UTF-8 text with stray bytes) from a fixed seed.
    static func samples(seed: UInt64) -> [[UInt8]] {
        var samples: [[UInt8]] = [Array(0...255), Array((0...255).reversed()), Array("a\0b".utf8) + [255], []]
        for b in UInt8(0)...255 { samples.append([b]) }
        var random = SplitMix64(seed: seed)
        for _ in 0..<80 {
            let count = Int(random.next() % 300)
            samples.append((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        let text = Array("héllo wörld ✓ ".utf8)
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) {
                bytes += text
                if random.next() % 2 == 0 { bytes.append(UInt8(0x80 + random.next() % 0x80)) }
            }
            samples.append(bytes)
        }
        return samples
    }

    /// The script: writes every sample two ways, checks it in memory, saves to SQLite, reloads in a new
    /// container, batch-inserts the samples into a second store, and reports every mismatch in `RESULT`.
    static func script(_ samples: [[UInt8]]) -> String {
        """
        local samples = { \(samples.map(luaLiteral).joined(separator: ",\n  ")) }
        local model = ripple.model { Blob = { n = "integer", way = "string", bytes = "binary?" } }
        local path = ripple.temporaryPath("binary.sqlite")
        local ctx = ripple.container(model, { store = "sqlite", path = path }).viewContext
        local out, checked = {}, 0
        local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
        local function check(where, n, got)
          checked = checked + 1
          if got ~= samples[n] then out[#out + 1] = where .. " " .. n .. ": " .. hex(samples[n]) .. " -> " .. (got and hex(got) or "nil") end
        end
        for n, s in ipairs(samples) do
          local a = ctx:insert("Blob", { n = n, way = "insert", bytes = s })
          local b = ctx:insert("Blob", { n = n, way = "set" })
          b.bytes = s
          check("insert", n, a.bytes)
          check("set", n, b.bytes)
        end
        ctx:save()
        local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
        local rows = fresh:fetch { entity = "Blob", sortDescriptors = { "n", "way" } }
        if #rows ~= 2 * #samples then out[#out + 1] = "reloaded " .. #rows .. " rows" end
        for _, o in ipairs(rows) do check("sqlite " .. o.way, o.n, o.bytes) end
        -- a predicate finds a value by its exact bytes
        for n = 1, 3 do
          local found = fresh:fetch { entity = "Blob", predicate = "bytes == %@ AND way == 'set'", arguments = { samples[n] } }
          if #found ~= 1 or found[1].n ~= n then out[#out + 1] = "predicate " .. n .. " found " .. #found end
        end
        local batchPath = ripple.temporaryPath("binary-batch.sqlite")
        local batchContext = ripple.container(model, { store = "sqlite", path = batchPath }).viewContext
        local objects = {}
        for n, s in ipairs(samples) do objects[n] = { n = n, way = "batch", bytes = s } end
        batchContext:execute(ripple.batchInsertRequest { entity = "Blob", objects = objects })
        for _, o in ipairs(batchContext:fetch { entity = "Blob", sortDescriptors = { "n" } }) do check("batch", o.n, o.bytes) end
        local reloaded = ripple.container(model, { store = "sqlite", path = batchPath }).viewContext
        for _, o in ipairs(reloaded:fetch { entity = "Blob", sortDescriptors = { "n" } }) do check("batch sqlite", o.n, o.bytes) end
        out[#out + 1] = "checked " .. checked
        RESULT = table.concat(out, "\\n")
        """
    }

    /// Runs the script with the record fast paths on or off; returns `RESULT`.
    static func run(_ samples: [[UInt8]], fast: Bool) throws -> String {
        let engine = try ScriptEngine()
        engine.recordInserter.isEnabled = fast
        engine.batchInsertReadsRecords = fast
        try engine.run(script(samples), chunkName: "=binary")
        engine.state.getGlobal("RESULT")
        defer { engine.state.pop() }
        return engine.state.toString(at: -1) ?? "<none>"
    }

    @Test("every byte value and random binary strings round-trip exactly, in memory, through SQLite and batch inserts",
          arguments: [true, false])
    func roundTrip(fast: Bool) throws {
        let samples = Self.samples(seed: 0xB1_0B5_EED)
        // 2 in memory + 2 reloaded per sample, then 2 per sample for the batch insert.
        #expect(try Self.run(samples, fast: fast) == "checked \(samples.count * 6)")
    }

    @Test("the issue's example keeps its bytes: \"a\\0b\\255\" is 61 00 62 ff, not 61 00 62 ef bf bd")
    func issueExample() throws {
        let engine = try ScriptEngine()
        try engine.run("""
            local ctx = ripple.container(ripple.model { Blob = { bytes = "binary?" } }).viewContext
            local o = ctx:insert("Blob", { bytes = "a\\0b\\255" })
            RESULT = (o.bytes:gsub(".", function(c) return string.format("%02x ", c:byte()) end))
            """, chunkName: "=example")
        engine.state.getGlobal("RESULT")
        #expect(engine.state.toString(at: -1) == "61 00 62 ff ")
        engine.state.pop()
    }
}

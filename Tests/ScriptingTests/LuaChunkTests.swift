import LuaBridge
@testable import Scripting
import Testing

/// The Lua chunks (Sources/Scripting/Lua/*.lua) are compiled at build time by the LuaChunks plugin: the
/// bytecode is the dump of the text, it loads, and the fallback to the text works.
@Suite struct LuaChunkTests {
    /// `chunk`'s text compiled by this Lua and dumped with its debug information.
    static func dumped(_ chunk: LuaChunk) throws -> [UInt8] {
        let state = try LuaState()
        try state.load("local src, name = ...; return string.dump(assert(load(src, name, 't')))", chunkName: "=dump")
        state.push(chunk.source)
        state.push(chunk.name)
        try state.pcall(arguments: 2, results: 1)
        defer { state.pop() }
        return state.toBytes(at: -1) ?? []
    }

    @Test("each chunk's bytecode is the dump of its text, under its own chunk name")
    func current() throws {
        #expect(LuaChunk.prelude.name == "=prelude")
        #expect(LuaChunk.sandbox.name == "=sandbox")
        for chunk in [LuaChunk.prelude, LuaChunk.sandbox] {
            #expect(!chunk.bytecode.isEmpty)
            #expect(chunk.bytecode == (try Self.dumped(chunk)), "\(chunk.name)")
        }
        #expect(LuaChunk.prelude.source.contains("function scenario("))
    }

    @Test("a chunk whose bytecode Lua refuses is compiled from its text")
    func fallback() throws {
        let foreign = LuaChunk(name: "=foreign", source: "return 41 + 1", bytecode: [27, 76, 117, 97, 0xFF, 0, 0, 0])
        let state = try LuaState()
        try foreign.load(into: state)
        try state.pcall(arguments: 0, results: 1)
        #expect(state.toInteger(at: -1) == 42)
    }

    @Test("errors raised in the prelude name the same lines as its text")
    func sameLines() throws {
        let fromSource = try LuaState()
        try fromSource.load(LuaChunk.prelude.source, chunkName: "=prelude")
        let fromBytecode = try LuaState()
        try fromBytecode.loadBinary(LuaChunk.prelude.bytecode, chunkName: "=other")
        for state in [fromSource, fromBytecode] {
            try state.load("local f = ...; local i = debug.getinfo(f, 'SL'); local n = 0; for k in pairs(i.activelines) do n = n + k end; return i.source .. ':' .. i.lastlinedefined .. ':' .. n", chunkName: "=info")
            state.pushValue(at: -2)
            try state.pcall(arguments: 1, results: 1)
        }
        #expect(fromSource.toString(at: -1) == fromBytecode.toString(at: -1))
        #expect(fromSource.toString(at: -1)?.hasPrefix("=prelude:") == true)
    }
}

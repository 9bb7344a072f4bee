// ripple-luac: the build step that turns a chunk of Ripple's Lua (Sources/Scripting/Lua/NAME.lua) into Swift
// source: the text and its bytecode (`lua_dump` with debug information, chunk name `=NAME`), so that the
// engine loads the prelude precompiled at every start without a byte array kept in the repository.
// Run by the LuaChunks build-tool plugin: `ripple-luac INPUT.lua OUTPUT.swift NAME`.
import CLua

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` to the standard error (through `write(2)`: Swift 6 refuses the C global `stderr`) and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let bytes = Array(("ripple-luac: " + message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

/// Reads a whole file, or exits with a message.
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        fail("cannot open \(path)")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

/// The chunk's bytecode: compiled (never run) and dumped with its debug information.
func compile(_ source: [UInt8], chunkName: String) -> [UInt8] {
    guard let state = luaL_newstate() else {
        fail("cannot create a Lua state")
    }
    defer { lua_close(state) }
    let status = source.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(state, $0.baseAddress, $0.count, chunkName, "t") }
    }
    guard status == LUA_OK else {
        fail("\(String(cString: lua_tolstring(state, -1, nil)))")
    }
    var output: [UInt8] = []
    withUnsafeMutablePointer(to: &output) { pointer in
        _ = lua_dump(state, { _, data, size, context in
            let out = context!.assumingMemoryBound(to: [UInt8].self)
            if let data, size > 0 { out.pointee += UnsafeRawBufferPointer(start: data, count: size) }
            return 0
        }, pointer, 0)
    }
    return output
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    fail("usage: ripple-luac INPUT.lua OUTPUT.swift NAME", status: 64)
}
let (input, output, name) = (arguments[1], arguments[2], arguments[3])
let source = readFile(input)
var text = String(decoding: source, as: UTF8.self)
if !text.hasSuffix("\n") { text += "\n" }
var delimiter = "#"
while text.contains("\"\"\"" + delimiter) || text.contains("\\" + delimiter) { delimiter += "#" }
let bytecode = compile(source, chunkName: "=" + name)
var rows: [String] = []
var i = 0
while i < bytecode.count {
    rows.append("        " + bytecode[i..<min(i + 32, bytecode.count)].map { String($0) + "," }.joined())
    i += 32
}
let swift = """
    // Generated at build time by ripple-luac from \(name).lua (Sources/Scripting/Lua): do not edit.

    extension LuaChunk {
        /// `\(name).lua`: its text, and its bytecode compiled with the chunk name `=\(name)`, debug information kept.
        static let \(name) = LuaChunk(name: "=\(name)", source: \(delimiter)\"\"\"
    \(text)\"\"\"\(delimiter), bytecode: [
    \(rows.joined(separator: "\n"))
        ])
    }

    """
guard let file = fopen(output, "wb") else {
    fail("cannot write \(output)")
}
let bytes = Array(swift.utf8)
guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
    fail("cannot write \(output)")
}

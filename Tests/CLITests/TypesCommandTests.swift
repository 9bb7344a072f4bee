import Testing

#if canImport(Glibc)
import Glibc
#endif

private func contents(of path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var c = fgetc(file)
    while c != EOF { bytes.append(UInt8(c)); c = fgetc(file) }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct TypesCommandTests {
    @Test("ripple types prints the shipped types/ripple.lua; --output writes it")
    func types() {
        let shipped = contents(of: packageRoot + "/types/ripple.lua")
        let printed = runRipple(["types"])
        #expect(printed.status == 0)
        #expect(printed.output == shipped)
        #expect(printed.output.hasPrefix("---@meta ripple\n"))
        let path = "/tmp/ripple-types-\(getpid()).lua"
        let written = runRipple(["types", "--output", path])
        #expect(written.status == 0 && written.output == "")
        #expect(contents(of: path) == shipped)
        unlink(path)
    }

    @Test("ripple types --check agrees with a fresh engine; an unwritable output is a usage error")
    func check() {
        let result = runRipple(["types", "--check"])
        #expect(result.status == 0)
        #expect(result.output == "The annotations match the bindings of a fresh engine.\n")
        let bad = runRipple(["types", "--output", "/nonexistent-dir/ripple.lua"])
        #expect(bad.status == 64)
        #expect(bad.output.contains("cannot write /nonexistent-dir/ripple.lua: No such file or directory"))
    }

    @Test("ripple types --markdown prints the shipped docs/lua-reference.md; --output writes it")
    func markdown() {
        let shipped = contents(of: packageRoot + "/docs/lua-reference.md")
        let printed = runRipple(["types", "--markdown"])
        #expect(printed.status == 0)
        #expect(printed.output == shipped)
        #expect(printed.output.hasPrefix("# Lua API reference (generated)\n"))
        let path = "/tmp/ripple-reference-\(getpid()).md"
        let written = runRipple(["types", "--markdown", "--output", path])
        #expect(written.status == 0 && written.output == "")
        #expect(contents(of: path) == shipped)
        unlink(path)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `ripple` takes the C++ runtime from its static archive when `Scripts/bootstrap.sh` linked one into
/// `.build-cxx/` (Package.swift, `staticCxxDirectory`; docs/performance.md, T4: the loader no longer binds
/// libstdc++.so's symbols at every start), and from libstdc++.so otherwise. The built executable's ELF
/// dynamic section (read here, no tool needed) says which: its `DT_NEEDED` entries name the shared
/// libraries the loader must load.
@Suite struct StaticCxxRuntimeTests {
    /// The `DT_NEEDED` names of a 64-bit little-endian ELF file (from its `PT_DYNAMIC` segment, the
    /// loader's view), or a description of why they could not be read.
    static func neededLibraries(_ path: String) -> Result<[String], ELFError> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(ELFError("cannot open \(path)")) }
        defer { close(fd) }
        func bytes(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? buffer : nil
        }
        func word<T: FixedWidthInteger>(_ b: [UInt8], _ at: Int, _: T.Type) -> T {
            var value: T = 0
            for i in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(b[at + i]) }
            return value
        }
        guard let header = bytes(0, 64), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else {
            return .failure(ELFError("\(path) is not an ELF file"))
        }
        guard header[4] == 2, header[5] == 1 else { return .failure(ELFError("\(path) is not 64-bit little-endian ELF")) }
        let programHeaders = word(header, 0x20, UInt64.self)
        let entrySize = Int(word(header, 0x36, UInt16.self))
        let entryCount = Int(word(header, 0x38, UInt16.self))
        // PT_LOAD segments map addresses to file offsets; PT_DYNAMIC holds the dynamic section.
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        for i in 0..<entryCount {
            guard let p = bytes(programHeaders + UInt64(i * entrySize), 56) else { return .failure(ELFError("short program header")) }
            switch word(p, 0, UInt32.self) {
            case 1: loads.append((word(p, 16, UInt64.self), word(p, 8, UInt64.self), word(p, 32, UInt64.self)))
            case 2: dynamic = (word(p, 8, UInt64.self), word(p, 32, UInt64.self))
            default: break
            }
        }
        guard let dynamic else { return .success([]) }  // a static executable needs nothing
        guard let table = bytes(dynamic.offset, Int(dynamic.size)) else { return .failure(ELFError("short dynamic section")) }
        var needed: [UInt64] = []
        var strings: (address: UInt64, size: UInt64) = (0, 0)
        for at in stride(from: 0, to: table.count - 15, by: 16) {
            let tag = word(table, at, UInt64.self), value = word(table, at + 8, UInt64.self)
            if tag == 0 { break }              // DT_NULL
            if tag == 1 { needed.append(value) }  // DT_NEEDED: an offset into the string table
            if tag == 5 { strings.address = value }  // DT_STRTAB
            if tag == 10 { strings.size = value }    // DT_STRSZ
        }
        guard let load = loads.first(where: { strings.address >= $0.address && strings.address < $0.address + $0.size }),
              let text = bytes(strings.address - load.address + load.offset, Int(strings.size)) else {
            return .failure(ELFError("the dynamic string table is not in a loaded segment"))
        }
        var names: [String] = []
        for offset in needed.map(Int.init) {
            guard offset < text.count else { return .failure(ELFError("a DT_NEEDED offset past the string table")) }
            let end = text[offset...].firstIndex(of: 0) ?? text.count
            names.append(String(decoding: text[offset..<end], as: UTF8.self))
        }
        return .success(names)
    }

    /// Why an ELF file could not be read.
    struct ELFError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The archive bootstrap links, when it is there (a dangling link counts as absent: the linker skips it).
    static var archive: String? {
        let path = packageRoot + "/.build-cxx/libstdc++.a"
        return access(path, R_OK) == 0 ? path : nil
    }

    @Test("with .build-cxx/libstdc++.a present, ripple needs no libstdc++.so; without it, it needs libstdc++.so (the fallback)")
    func cxxRuntimeLink() throws {
        #if os(Linux)
        let needed = try Self.neededLibraries(rippleExecutable).get()
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "the reader found the executable's libraries: \(needed)")
        let sharedCxx = needed.filter { $0.hasPrefix("libstdc++.so") }
        if Self.archive != nil {
            #expect(sharedCxx.isEmpty, """
                .build-cxx/libstdc++.a is present but \(rippleExecutable) still needs \(sharedCxx): \
                Package.swift's static C++ runtime link was not used (an executable linked before bootstrap.sh \
                made the link: relink with `rm .build/*/ripple` and build again)
                """)
        } else {
            #expect(!sharedCxx.isEmpty, """
                no .build-cxx/libstdc++.a (bootstrap.sh found no archive), so ripple should fall back to \
                libstdc++.so; it needs \(needed) (linked while the archive was there? relink with \
                `rm .build/*/ripple` and build again)
                """)
        }
        #endif
    }

    @Test("the ELF reader reads a shared library's own dependencies and refuses what is not ELF")
    func reader() throws {
        #if os(Linux)
        // The test bundle itself is an ELF file that needs libc (and the executable test above relies on it).
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        #expect(n > 0)
        let own = try Self.neededLibraries(String(cString: buffer)).get()
        #expect(own.contains { $0.hasPrefix("libc.so") }, "\(own)")
        let notELF = Self.neededLibraries(packageRoot + "/Package.swift")
        #expect(throws: ELFError.self) { try notELF.get() }
        #expect(throws: ELFError.self) { try Self.neededLibraries(packageRoot + "/no such file").get() }
        #endif
    }
}

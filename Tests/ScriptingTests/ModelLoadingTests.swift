import Scripting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The package root, found from this file's path.
private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/ScriptingTests/ModelLoadingTests.swift
    return parts.joined(separator: "/")
}()

@Suite struct ModelLoadingTests {
    @Test("a model file that cannot be read leaves no model behind; a loaded one writes its warnings to the trace")
    func nothingHalfLoaded() throws {
        let bad = "/tmp/ripple-bad-model-\(getpid())"
        let f = fopen(bad, "wb")
        fputs("<model>\n  <entity name=\"A\">\n    <attribute name=\"x\" attributeType=\"String\"/>\n  </entiti>\n</model>\n", f)
        fclose(f)
        defer { unlink(bad) }
        let engine = try ScriptEngine()
        try engine.run("""
            local ok, err = pcall(ripple.loadModel, "\(bad)")
            assert(not ok)
            assert(err:find("\(bad):4: malformed XML: </entiti> does not close <entity> (opened on line 2)", 1, true), err)
            ok, err = pcall(ripple.loadModel, "\(packageRoot)/Tests/Fixtures/Models/Missing.xcdatamodel")
            assert(not ok)
            """, chunkName: "=bad")
        #expect(engine.createdModels.isEmpty)
        try engine.run("""
            ripple.clearEvents()
            local model, warnings = ripple.loadModel("\(packageRoot)/Tests/Fixtures/Models/Shop.xcdatamodel")
            local events = ripple.events()
            assert(#warnings == 6 and #events == 6, #events)
            assert(events[1] == "[model] warning: " .. warnings[1], events[1])
            """, chunkName: "=good")
        #expect(engine.createdModels.count == 1)
    }
}

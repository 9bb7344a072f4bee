import LuaBridge

/// A chunk of Ripple's own Lua, kept as a `.lua` file in `Sources/Scripting/Lua/` and compiled at build time
/// by the LuaChunks plugin (`ripple-luac`), which generates `LuaChunk.<name>` with the text and its bytecode.
///
/// - `prelude.lua`: the test DSL — `scenario`, `describe`/`it`, hooks, `expect` and its matchers. Failures
///   are raised with `error(message, 2)` from the matcher, so their position is the line that called it.
/// - `sandbox.lua`: the Lua half of `--sandbox`, run once after the prelude.
/// - `explore.lua`, `exploreoptions.lua`, `exploreshrink.lua`: `ripple.explore` (docs/explore.md), loaded
///   on its first use (`ripple._exploreChunk`), so that scripts that do not explore pay nothing for them.
///
/// Loading the bytecode instead of the text saves compiling it at every start (about 3.6 M instructions,
/// more than half of an empty `ripple run`: docs/performance.md, T4). The bytecode comes from the same Lua
/// headers as the binary; should the Lua library at run time refuse it (another build's format), the text
/// is compiled instead.
struct LuaChunk: Sendable {
    /// The chunk name (`=prelude`): the name Lua's messages and tracebacks show.
    let name: String
    /// The Lua text.
    let source: String
    /// `lua_dump` of the compiled text, with its debug information.
    let bytecode: [UInt8]

    /// Pushes the chunk's main function.
    func load(into state: LuaState) throws(LuaError) {
        do {
            try state.loadBinary(bytecode, chunkName: name)
            return
        } catch {
            // Another Lua build's format: compile the text instead.
        }
        try state.load(source, chunkName: name)
    }
}

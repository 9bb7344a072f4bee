import Foundation
import PackagePlugin

/// Compiles the Lua chunks of a target (the `.lua` files in its `Lua` folder) into Swift source with
/// `ripple-luac` at build time: the text and the bytecode of each, as `LuaChunk.<name>`.
@main
struct LuaChunks: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: "Lua")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".lua") }
            .sorted()
        let tool = try context.tool(named: "ripple-luac")
        return names.map { file in
            let name = String(file.dropLast(".lua".count))
            let input = folder.appending(path: file)
            let output = context.pluginWorkDirectoryURL.appending(path: "LuaChunk+\(name).swift")
            return .buildCommand(displayName: "Compiling Lua chunk \(file)", executable: tool.url,
                                 arguments: [input.path, output.path, name],
                                 inputFiles: [input], outputFiles: [output])
        }
    }
}

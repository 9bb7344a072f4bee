import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Whether Graphviz's `dot` is on PATH.
private let dotPath: String? = {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/dot" }.first { access($0, X_OK) == 0 }
}()

/// Runs `dot -Tsvg` on `text` (through a shell, for the pipe) and returns what it printed and its status.
private func renderWithDot(_ text: String) -> ProcessResult {
    let file = scratchFile("graph-\(text.hashValue).dot", text)
    return runRipple(["run", scratchFile("render.lua", """
        local p = io.popen("dot -Tsvg \(file) 2>&1; echo status=$?")
        io.write(p:read("a"))
        p:close()
        """)])
}

@Suite struct GraphCommandTests {
    static let script = scratchFile("graph.lua", """
        local model = ripple.model {
          Note = { text = "string", tags = { toMany = "Tag", inverse = "notes" } },
          Tag = { name = "string", notes = { toMany = "Note", inverse = "tags" }, count = { derived = "notes.@count" } },
        }
        local window = ripple.window()
        window.rootViewController = ripple.tabBarController { ripple.viewController { title = "Notes" }, ripple.viewController { title = "Tags" } }
        print("printed by the script")
        scenario("drawn anyway", function() expect(1):toBe(2) end)
        """)

    static let expectedDOT = #"""
        digraph "Ripple" {
          graph [fontname="Helvetica"];
          subgraph "cluster_model1" {
            label="Model";
            node [shape=box, fontname="Helvetica"];
            edge [fontname="Helvetica", fontsize=10];
            "Note" [label="Note\n\ntext: string\l"];
            "Tag" [label="Tag\n\nname: string\lcount = notes.@count (derived)\l"];
            "Note" -> "Tag" [dir=both, arrowtail=crow, arrowhead=crow, label="tags (nullify) / notes (nullify)"];
            "Note" -> "Tag" [style=dashed, arrowhead=open, label="notes.@count → count"];
          }
          subgraph "cluster_window1" {
            label="Screens";
            node [shape=box, fontname="Helvetica"];
            edge [fontname="Helvetica", fontsize=10];
            "w1_window" [label="Window", shape=box3d];
            "w1_1" [label="TabBarController", style=bold];
            "w1_2" [label="ViewController \"Notes\"", style=bold];
            "w1_3" [label="ViewController \"Tags\""];
            "w1_window" -> "w1_1" [label="root"];
            "w1_1" -> "w1_2" [label="[0] selected"];
            "w1_1" -> "w1_3" [label="[1]"];
          }
        }

        """#

    @Test("ripple graph FILE.lua writes the models and the windows as one DOT graph; the script's output goes to stderr")
    func dot() {
        let result = runRipple(["graph", Self.script])
        #expect(result.status == 0)
        #expect(result.output == "printed by the script\n"
            + "note: 1 scenario of \(Self.script) failed (ripple run \(Self.script) shows them); drawing anyway\n"
            + Self.expectedDOT)
    }

    @Test("--format mermaid writes Markdown with one mermaid block per model and per window; --output writes a file")
    func mermaid() {
        let output = "/tmp/ripple-cli-tests-\(getpid())/graph.md"
        let result = runRipple(["graph", Self.script, "--format", "mermaid", "--output", output])
        #expect(result.status == 0)
        let file = fopen(output, "r")
        var bytes: [UInt8] = []
        if let file {
            var c = fgetc(file)
            while c != EOF { bytes.append(UInt8(c)); c = fgetc(file) }
            fclose(file)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"""
            ```mermaid
            erDiagram
              Note {
                string text
              }
              Tag {
                string name
                derived count "notes.@count"
              }
              Note }o--o{ Tag : "tags (nullify) / notes (nullify)"
            ```
            ```mermaid
            flowchart TD
              vcwindow[["Window"]]
              vc1["TabBarController"]
              vc2["ViewController #quot;Notes#quot;"]
              vc3["ViewController #quot;Tags#quot;"]
              vcwindow -->|"root"| vc1
              vc1 -->|"[0] selected"| vc2
              vc1 -->|"[1]"| vc3
              classDef visible stroke-width:3px
              class vc1,vc2 visible
            ```

            """#)
    }

    @Test("Graphviz renders the DOT, and --format svg gives an SVG (when dot is installed)")
    func svg() throws {
        guard dotPath != nil else {
            // Scripts/bootstrap.sh installs graphviz; without it the SVG path cannot be exercised.
            let result = runRipple(["graph", Self.script, "--format", "svg"])
            #expect(result.status != 0)
            #expect(result.output.contains("--format svg needs Graphviz's dot on PATH"))
            return
        }
        let rendered = renderWithDot(Self.expectedDOT)
        #expect(rendered.output.hasSuffix("</svg>\nstatus=0\n"), "dot said: \(rendered.output)")
        let result = runRipple(["graph", Self.script, "--format", "svg"])
        #expect(result.status == 0)
        #expect(result.output.contains("<svg"))
        #expect(result.output.contains("<title>Note&#45;&gt;Tag</title>"))
        #expect(result.output.contains("ViewController &quot;Notes&quot;"))
    }

    @Test("a script that makes nothing to draw, or fails, exits 1 with the reason")
    func nothingToDraw() {
        let empty = runRipple(["graph", scratchFile("empty.lua", "local x = 1\n")])
        #expect(empty.status == 1)
        #expect(empty.output.contains("made no model (ripple.model) and no window (ripple.window): nothing to draw"))
        let broken = runRipple(["graph", scratchFile("broken.lua", "error('boom')\n")])
        #expect(broken.status == 1)
        #expect(broken.output.contains("broken.lua:1: boom"))
    }

    @Test("ripple graph draws an Xcode model: sub-entities point at their parent; the warnings go to stderr")
    func xcodeModel() {
        let path = packageRoot + "/Tests/Fixtures/Models/SampleModel.xcdatamodeld"
        let result = runRipple(["graph", path])
        #expect(result.status == 0)
        #expect(result.output.contains("warning: \(path)/SampleModel.xcdatamodel/contents:4: attribute Car.color: Transformable is stored as binary\n"))
        #expect(result.output.contains(#""SportCar" -> "Car" [arrowhead=empty, style=bold, label="parent"];"#))
        #expect(result.output.contains(#""ExpensiveSportCar" [label="ExpensiveSportCar\n\nisLimitedEdition: boolean?"#))
        #expect(result.output.contains(#""Car" -> "Person" [dir=both, arrowtail=crow, arrowhead=tee, label="owner (nullify) / cars (nullify)"];"#))
        let missing = runRipple(["graph", packageRoot + "/Tests/Fixtures/Models/Missing.xcdatamodeld"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("Missing.xcdatamodeld: no such model file or directory"))
    }
}

import Scripting
import Testing

/// A small model and screen stack, drawn by `ripple.graph`.
private let script = """
    model = ripple.model {
      Customer = {
        name = "string",
        nickname = "string?",
        orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
        total = { derived = "orders.@sum.amount" },
      },
      Order = {
        amount = { "double", default = 0 },
        customer = { toOne = "Customer", inverse = "orders", deleteRule = "nullify", optional = false },
      },
    }
    window = ripple.window()
    nav = ripple.navigationController(ripple.viewController { title = "List" })
    window.rootViewController = nav
    nav:present(ripple.viewController { title = "Edit", modalPresentationStyle = "fullScreen" }, false)
    """

/// Runs `script`, then `expression`, and returns the string it gives.
private func evaluate(_ expression: String) throws -> String {
    let engine = try ScriptEngine()
    try engine.run(script)
    try engine.run("result = " + expression)
    _ = engine.state.getGlobal("result")
    defer { engine.state.pop() }
    return engine.state.toString(at: -1) ?? "(not a string)"
}

@Suite struct GraphWriterTests {
    @Test("a model as DOT: attributes, derived keys, one edge per relationship pair, dashed derived dependencies")
    func modelAsDOT() throws {
        #expect(try evaluate("ripple.graph(model)") == #"""
            digraph "Model" {
              node [shape=box, fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "Customer" [label="Customer\n\nname: string\lnickname: string?\ltotal = orders.@sum.amount (derived)\l"];
              "Order" [label="Order\n\namount: double = 0.0\l"];
              "Customer" -> "Order" [dir=both, arrowtail=tee, arrowhead=crow, label="orders (cascade) / customer (nullify)"];
              "Order" -> "Customer" [style=dashed, arrowhead=open, label="orders.@sum.amount → total"];
            }

            """#)
    }

    @Test("a model as a Mermaid erDiagram with crow's-foot cardinalities")
    func modelAsMermaid() throws {
        #expect(try evaluate("ripple.graph(model, { format = 'mermaid' })") == #"""
            erDiagram
              Customer {
                string name
                string nickname "optional"
                derived total "orders.@sum.amount"
              }
              Order {
                double amount "default 0.0"
              }
              Customer ||--o{ Order : "orders (cascade) / customer (nullify)"

            """#)
    }

    @Test("screens as DOT and Mermaid: root, stack, presentation, visible controllers")
    func screens() throws {
        #expect(try evaluate("ripple.graph(window)") == #"""
            digraph "Screens" {
              node [shape=box, fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "vcwindow" [label="Window", shape=box3d];
              "vc1" [label="NavigationController"];
              "vc2" [label="ViewController \"List\""];
              "vc3" [label="ViewController \"Edit\"", style=bold];
              "vcwindow" -> "vc1" [label="root"];
              "vc1" -> "vc2" [label="[0]"];
              "vc1" -> "vc3" [label="presents (fullScreen)", style=dashed];
            }

            """#)
        #expect(try evaluate("ripple.graph(window, { format = 'mermaid' })") == #"""
            flowchart TD
              vcwindow[["Window"]]
              vc1["NavigationController"]
              vc2["ViewController #quot;List#quot;"]
              vc3["ViewController #quot;Edit#quot;"]
              vcwindow -->|"root"| vc1
              vc1 -->|"[0]"| vc2
              vc1 -.->|"presents (fullScreen)"| vc3
              classDef visible stroke-width:3px
              class vc3 visible

            """#)
    }

    @Test("bad arguments are Lua errors naming the key or the format")
    func badArguments() throws {
        let engine = try ScriptEngine()
        try engine.run(script)
        try engine.run("""
            local ok, err = pcall(function() return ripple.graph(model, { fromat = "dot" }) end)
            assert(not ok and err:find("unknown option 'fromat' for ripple.graph (expected format)", 1, true), err)
            ok, err = pcall(function() return ripple.graph(model, { format = "svg" }) end)
            assert(not ok and err:find([[unknown graph format 'svg' (expected "dot" or "mermaid")]], 1, true), err)
            ok, err = pcall(function() return ripple.graph(42) end)
            assert(not ok and err:find("ManagedObjectModel or Window expected, got number", 1, true), err)
            assert(ripple.graph(model):find("digraph", 1, true))
            """, chunkName: "=check")
    }
}

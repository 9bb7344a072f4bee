import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple run --report` and `ripple test --report`, read back by a real browser: Debian's chromium, headless
/// (installed by Scripts/bootstrap.sh; without it, or when it cannot start, the browser checks print that
/// they were skipped and why).
@Suite(.serialized) struct ReportCommandTests {
    static let folder: String = {
        let dir = "/tmp/ripple-report-tests-\(getpid())"
        mkdir(dir, 0o755)
        return dir
    }()

    /// Why chromium cannot render here, or nil when it can.
    static let chromiumProblem: String? = {
        guard runShell("command -v chromium").status == 0 else {
            return "chromium is not installed (Scripts/bootstrap.sh installs Debian's chromium package)"
        }
        let probe = runShell(chromium("--dump-dom", "about:blank") + " 2>&1")
        return probe.status == 0 ? nil : "chromium could not start headless (status \(probe.status)): \(probe.output.prefix(300))"
    }()

    /// A chromium command line: headless, no sandbox (tests may run as root), a profile of its own.
    static func chromium(_ arguments: String...) -> String {
        "chromium --headless --no-sandbox --disable-gpu --user-data-dir=\(folder)/profile "
            + arguments.map { "'" + $0 + "'" }.joined(separator: " ")
    }

    /// The DOM chromium built for `url`, or nil (with a printed note) when chromium cannot run.
    static func dom(_ url: String) -> String? {
        if let problem = chromiumProblem {
            print("skipped: the browser check of the report (\(problem))")
            return nil
        }
        let result = runShell(chromium("--dump-dom", url) + " 2>/dev/null")
        return result.status == 0 ? result.output : nil
    }

    static func read(_ path: String) -> String {
        guard let f = fopen(path, "r") else { return "" }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("the contacts example's report: chromium's DOM shows the batch's inserted row with its text and mark, and the final rows")
    func contacts() throws {
        let page = Self.folder + "/contacts.html"
        let result = runRipple(["run", "--report", page, packageRoot + "/Scripts/examples/contacts-screen.lua"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("report: \(page)\n"))
        let html = Self.read(page)
        #expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("http://") && !html.contains("https://"))
        guard let start = Self.dom("file://" + page) else { return }
        // The last step is selected first: the table as the last scenario left it.
        #expect(start.contains("<span class=\"cell-text\">Grace Hopper</span>"))
        #expect(start.contains("<span class=\"cell-text\">Tony Robbins</span>"))
        #expect(start.contains("<span class=\"cell-text\">Alan Turing</span>"))
        #expect(!start.contains("<span class=\"cell-text\">Ada Lovelace</span>"))
        // The save of "Add Person", found in the timeline chromium drew.
        let marker = try #require(start.firstRange(of: "in: Add Person"))
        let id = try #require(start[..<marker.lowerBound].ranges(of: "id=\"timeline-step-").last)
        let number = start[id.upperBound...].prefix { $0.isNumber }
        let step = try #require(Self.dom("file://" + page + "#step-" + number))
        #expect(step.contains("<li>[contacts] performBatchUpdates insertSections: [2]; insertRows: [2, 0]</li>"))
        #expect(step.contains("data-row=\"2,0\"><span class=\"mark ins\">INSERTED</span><span class=\"cell-text\">Ada Lovelace</span>"))
        #expect(step.contains("<span class=\"mark ins\">SECTION INSERTED</span><span>L</span>"))
        #expect(step.contains("Step \(number) of "))
        let png = Self.folder + "/contacts.png"
        let shot = runShell(Self.chromium("--screenshot=" + png, "--window-size=1400,1000", "file://" + page + "#step-" + number) + " 2>/dev/null")
        #expect(shot.status == 0)
        #expect(runShell("head -c 4 \(png) | od -An -tx1").output.contains("89 50 4e 47"))
    }

    @Test("hostile cell texts reach chromium's DOM as text, never as markup")
    func hostile() {
        let script = scratchFile("hostile-report.lua", """
            local rows = { "</script><script>document.title='pwned'</script>", "<img src=x onerror=\\"document.title='pwned'\\">",
                           "\\"quotes\\" & 'apostrophes'", "bell \\7 esc \\27 end", string.rep("long ", 20000) }
            local vc = ripple.viewController { title = "<b>Hostile</b>" }
            vc.tableView = ripple.tableView { name = "</script>" }
            vc.tableView.dataSource = {
              numberOfRowsInSection = function() return #rows end,
              cellForRowAtIndexPath = function(view, indexPath) return { text = rows[indexPath.row + 1] } end,
            }
            vc.tableView:reloadData()
            ripple.tick()
            """)
        let page = Self.folder + "/hostile.html"
        let result = runRipple(["run", "--report", page, script])
        #expect(result.status == 0, "\(result.output)")
        guard let dom = Self.dom("file://" + page) else { return }
        #expect(dom.contains("<title>Ripple report: \(script)</title>"))
        #expect(dom.contains("<span class=\"cell-text\">&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;</span>"))
        #expect(dom.contains("<span class=\"cell-text\">&lt;img src=x onerror=\"document.title='pwned'\"&gt;</span>"))
        #expect(dom.contains("<span class=\"cell-text\">\"quotes\" &amp; 'apostrophes'</span>"))
        #expect(dom.contains("more characters)</span>"))
        #expect(dom.contains("&lt;b&gt;Hostile&lt;/b&gt;"))
        #expect(!dom.contains("<img") && !dom.contains("<b>Hostile"))
    }

    @Test("ripple graph --at STEP draws the screens of that step of the report: the pushed screen and its dvc_add object, gone at the end")
    func graphAtStep() {
        let script = packageRoot + "/Scripts/examples/dependent-screens.lua"
        let atStep = runRipple(["graph", "--at", "3", script])
        #expect(atStep.status == 0)
        #expect(atStep.output.contains(#""w1_3" [label="ViewController \"Groceries for Sunday\"", style=bold];"#))
        #expect(atStep.output.contains(#""w1_3" -> "w1_object Note#1" [style=dotted, label="dvc_add"];"#))
        let atEnd = runRipple(["graph", script])
        #expect(atEnd.status == 0 && !atEnd.output.contains("Groceries for Sunday") && !atEnd.output.contains("dvc_add"))
        let tooFar = runRipple(["graph", "--at", "99", script])
        #expect(tooFar.status == 1 && tooFar.output.contains("error: --at 99: \(script) has 7 steps"))
        #expect(runRipple(["graph", "--at", "0", script]).status == 64)
    }

    @Test("ripple test --report DIR writes one page per file, passing or not; a folder is refused as --report FILE")
    func folderOfReports() {
        let dir = Self.folder + "/examples"
        let result = runRipple(["test", "--report", dir, packageRoot + "/Scripts/examples"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("reports: \(dir)/ (one page per file)"))
        let listing = runShell("ls \(dir)")
        #expect(listing.output.contains("contacts-screen.html") && listing.output.contains("customers.html"))
        let failing = scratchFile("fails-early.lua", "error('before any screen')\n")
        let one = runRipple(["run", "--report", Self.folder + "/early.html", failing])
        #expect(one.status == 1)
        #expect(Self.read(Self.folder + "/early.html").contains("FAILED"))
        let refused = runRipple(["run", "--report", Self.folder, failing])
        #expect(refused.status == 64 && refused.output.contains("is a folder"))
    }
}

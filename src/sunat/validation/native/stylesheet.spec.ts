import { compileStylesheet } from './stylesheet';
import { parseTree } from './tree';

const CLOCK = { today: '2026-01-15-05:00', now: '2026-01-15T12:00:00-05:00', nowSeconds: 1768496400 };

const RULES = `<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:a="urn:a">
  <xsl:include href="commons/error/validate_utils.xsl"/>
  <xsl:key name="by-id" match="a:line" use="number(a:id)"/>
  <xsl:variable name="lineCount" select="count(/a:doc/a:line)"/>
  <xsl:template match="/*">
    <xsl:variable name="never" select="sum(a:note)"/>
    <xsl:variable name="tree"><xsl:value-of select="a:line[2]/a:id"/></xsl:variable>
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="'1001'"/>
      <xsl:with-param name="test" select="$tree = 2 and $lineCount = 3"/>
    </xsl:call-template>
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="'1002'"/>
      <xsl:with-param name="test" select="count(key('by-id', 1)) &gt; 1"/>
    </xsl:call-template>
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="'1003'"/>
      <xsl:with-param name="test" select="a:line[3]/preceding-sibling::a:line[1]/a:id = 2 and string((a:line[3] | a:line[1])/a:id) = '1'"/>
      <xsl:with-param name="warning" select="true()"/>
    </xsl:call-template>
    <xsl:apply-templates select="a:line" mode="linea"/>
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="'1005'"/>
      <xsl:with-param name="test" select="true()"/>
    </xsl:call-template>
  </xsl:template>
  <xsl:template match="a:line" mode="linea">
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="'2000'"/>
      <xsl:with-param name="test" select="false()"/>
    </xsl:call-template>
  </xsl:template>
  <xsl:template match="a:doc/a:line[a:id = 3]" mode="linea">
    <xsl:call-template name="isTrue">
      <xsl:with-param name="code" select="concat('3', position(), last())"/>
      <xsl:with-param name="test" select="true()"/>
    </xsl:call-template>
  </xsl:template>
</xsl:stylesheet>`;

const UTILS = `<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template name="isTrue">
    <xsl:param name="code"/>
    <xsl:param name="test"/>
    <xsl:param name="warning" select="false()"/>
    <xsl:if test="$test">
      <xsl:choose>
        <xsl:when test="$warning">
          <xsl:call-template name="addWarning">
            <xsl:with-param name="warningCode" select="$code"/>
            <xsl:with-param name="warningMessage" select="concat('W ', $code)"/>
          </xsl:call-template>
        </xsl:when>
        <xsl:otherwise>
          <xsl:call-template name="rejectCall">
            <xsl:with-param name="errorCode" select="$code"/>
            <xsl:with-param name="errorMessage" select="concat('E ', $code)"/>
          </xsl:call-template>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>`;

const DOC = '<a:doc xmlns:a="urn:a"><a:line><a:id>1</a:id></a:line><a:line><a:id>2</a:id></a:line><a:line><a:id>3</a:id></a:line><a:note>abc</a:note></a:doc>';

function run(stopAtFirst: boolean) {
  const sheet = compileStylesheet(
    'rules.xsl',
    new Map([
      ['rules.xsl', RULES],
      ['commons/error/validate_utils.xsl', UTILS],
    ]),
  );
  return sheet.run(parseTree(DOC), { fileName: 'x.xml', clock: CLOCK, params: {}, stopAtFirst });
}

describe('native rules engine: the XSLT the rule files use', () => {
  it('reports findings in order, with the rule-module call that led to them', () => {
    const { findings, stray } = run(false);
    expect(findings.map((f) => `${f.kind}:${f.code}:${f.raw}`)).toEqual([
      'error:1001:E 1001', // temporary tree compared as a number, global variable
      'warning:1003:W 1003', // reverse-axis position, union in document order, parameter default overridden
      'error:333:E 333', // the more specific template (priority 0.5) wins for line 3; position()/last() of apply-templates
      'error:1005:E 1005',
    ]);
    // the location is the call-template in rules.xsl (a rule module), not the one in validate_utils.xsl
    expect(findings[0].rule).toMatch(/^rules\.xsl:\d+$/);
    expect(findings[3].rule).not.toBe(findings[0].rule);
    expect(stray).toEqual([]);
  });

  it('never evaluates a variable nobody reads; one that is read fails as Saxon does (sum() over a non-number)', () => {
    expect(() => run(false)).not.toThrow();
    const reads = RULES.replace('$tree = 2 and $lineCount = 3', '$tree = 2 and $lineCount = 3 and $never = 0');
    const sheet = compileStylesheet(
      'rules.xsl',
      new Map([
        ['rules.xsl', reads],
        ['commons/error/validate_utils.xsl', UTILS],
      ]),
    );
    expect(() => sheet.run(parseTree(DOC), { fileName: 'x.xml', clock: CLOCK, params: {}, stopAtFirst: false })).toThrow(
      /Supplied value "abc" is not a valid xs:double \(at rules\.xsl:\d+\)/,
    );
  });

  it('stops at the first error when asked, keeping what came before', () => {
    expect(run(true).findings.map((f) => f.code)).toEqual(['1001']);
  });

  it('refuses, when compiling, an instruction it does not implement', () => {
    const bad = RULES.replace('<xsl:apply-templates select="a:line" mode="linea"/>', '<xsl:number/>');
    expect(() =>
      compileStylesheet(
        'rules.xsl',
        new Map([
          ['rules.xsl', bad],
          ['commons/error/validate_utils.xsl', UTILS],
        ]),
      ),
    ).toThrow(/xsl:number is not supported/);
  });
});

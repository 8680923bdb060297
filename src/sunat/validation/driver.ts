/**
 * The driver stylesheet compiled around a SUNAT rule file (same role as the Java tool's Validator.driver):
 * it imports the rule file, overrides the two reporting templates of error_utils.xsl (rejectCall: rejection,
 * DataPower stops there; addWarning: observation) so they emit a structured xsl:message, declares the
 * extension functions the rules call (EXSLT regexp/date, DataPower dp:*, gemfunc:is-blank, dyn:evaluate), and
 * global stand-ins for variables the rule files use where no declaration is in scope.
 */
import { JS } from './extensions';
import { SV_NS } from './prepare';

export const DRIVER_FILE = 'sunat-rules-driver.xsl';

/** Value of an undeclared variable: the Java tool's StandIns.KNOWN, '' for every other name. */
const KNOWN_STAND_INS: Record<string, string> = {
  MontoDescuentoAfectoBI: "sum(/*/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode[text() = '02']]/cbc:Amount)",
};

export function standInValue(name: string): string {
  return KNOWN_STAND_INS[name] ?? "''";
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function driverText(ruleHref: string, standIns: string[]): string {
  const vars = standIns.map((n) => `  <xsl:variable name="${attr(n)}" select="${attr(standInValue(n))}"/>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:sv="${SV_NS}"
    xmlns:js="http://saxonica.com/ns/globalJS"
    xmlns:regexp="http://exslt.org/regular-expressions"
    xmlns:date="http://exslt.org/dates-and-times"
    xmlns:dp="http://www.datapower.com/extensions"
    xmlns:gemfunc="http://www.sunat.gob.pe/gem/functions"
    xmlns:dyn="http://exslt.org/dynamic"
    xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
    exclude-result-prefixes="#all">
  <xsl:import href="${attr(ruleHref)}"/>
  <xsl:param name="sv:stop" as="xs:boolean" select="false()"/>
  <xsl:param name="sv:fileName" as="xs:string" select="''"/>
  <!-- today in Lima, as date:date() gives it (YYYY-MM-DD-05:00) -->
  <xsl:param name="sv:today" as="xs:string" select="''"/>
  <!-- date:date-time() now in Lima, and date:seconds() now -->
  <xsl:param name="sv:now" as="xs:string" select="''"/>
  <xsl:param name="sv:nowSeconds" as="xs:double" select="0"/>
${vars}
  <xsl:template name="rejectCall">
    <xsl:param name="errorCode"/>
    <xsl:param name="errorMessage"/>
    <xsl:param name="priority" select="'error'"/>
    <xsl:param name="sv:loc" tunnel="yes" select="''"/>
    <xsl:message terminate="{if ($sv:stop) then 'yes' else 'no'}"><sv:finding kind="error" code="{$errorCode}" rule="{$sv:loc}"><xsl:value-of select="$errorMessage"/></sv:finding></xsl:message>
  </xsl:template>
  <xsl:template name="addWarning">
    <xsl:param name="warningCode"/>
    <xsl:param name="warningMessage"/>
    <xsl:param name="warningLine"/>
    <xsl:param name="sv:loc" tunnel="yes" select="''"/>
    <xsl:message terminate="no"><sv:finding kind="warning" code="{$warningCode}" rule="{$sv:loc}"><xsl:value-of select="$warningMessage"/></sv:finding></xsl:message>
  </xsl:template>

  <!-- XPath 1.0 string conversion of an argument: string value of its first item -->
  <xsl:function name="sv:str" as="xs:string">
    <xsl:param name="arg" as="item()*"/>
    <xsl:sequence select="if (empty($arg)) then '' else string($arg[1])"/>
  </xsl:function>
  <xsl:function name="sv:num" as="xs:double">
    <xsl:param name="arg" as="item()*"/>
    <xsl:sequence select="number(sv:str($arg))"/>
  </xsl:function>

  <!-- General comparison with XPath 1.0 compatibility rules (XPath 2.0 §3.5.2), as Saxon-Java runs version="1.0"
       modules: a single boolean operand makes both booleans; relational operators compare numbers; otherwise
       a numeric operand makes the other a number, else strings are compared. See xpath-compat.ts. -->
  <xsl:function name="sv:cmp" as="xs:boolean">
    <xsl:param name="a" as="item()*"/>
    <xsl:param name="b" as="item()*"/>
    <xsl:param name="op" as="xs:string"/>
    <xsl:choose>
      <xsl:when test="($a instance of xs:boolean) or ($b instance of xs:boolean)">
        <xsl:sequence select="sv:cmp-atomic(boolean($a), boolean($b), $op)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:sequence select="some $x in data($a), $y in data($b) satisfies sv:cmp-atomic($x, $y, $op)"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:function>
  <xsl:function name="sv:cmp-atomic" as="xs:boolean">
    <xsl:param name="x" as="xs:anyAtomicType"/>
    <xsl:param name="y" as="xs:anyAtomicType"/>
    <xsl:param name="op" as="xs:string"/>
    <xsl:choose>
      <xsl:when test="not($op = ('=', '!='))">
        <xsl:sequence select="sv:cmp-num(number($x), number($y), $op)"/>
      </xsl:when>
      <xsl:when test="$x instance of xs:boolean or $y instance of xs:boolean">
        <xsl:sequence select="if ($op = '=') then boolean($x) = boolean($y) else not(boolean($x) = boolean($y))"/>
      </xsl:when>
      <xsl:when test="$x instance of xs:numeric or $y instance of xs:numeric">
        <xsl:sequence select="sv:cmp-num(number($x), number($y), $op)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:sequence select="if ($op = '=') then string($x) = string($y) else not(string($x) = string($y))"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:function>
  <xsl:function name="sv:cmp-num" as="xs:boolean">
    <xsl:param name="x" as="xs:double"/>
    <xsl:param name="y" as="xs:double"/>
    <xsl:param name="op" as="xs:string"/>
    <!-- not(=) rather than != : SaxonJS 2.7 evaluates NaN != x as false (XPath: true) -->
    <xsl:sequence select="if ($op = '=') then $x = $y else if ($op = '!=') then not($x = $y) else if ($op = '&lt;') then $x &lt; $y
      else if ($op = '&lt;=') then $x &lt;= $y else if ($op = '&gt;') then $x &gt; $y else $x &gt;= $y"/>
  </xsl:function>

  <!-- matches(x, re, '!') of the SFS validate_utils.xsl: java.util.regex find() -->
  <xsl:function name="sv:java-find" as="xs:boolean">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:sequence select="js:${JS.find}(sv:str($input), sv:str($regex))"/>
  </xsl:function>

  <!-- EXSLT regular expressions (java.util.regex, as the Java tool) -->
  <xsl:function name="regexp:match" as="node()*">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:sequence select="regexp:match($input, $regex, '')"/>
  </xsl:function>
  <xsl:function name="regexp:match" as="node()*">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:param name="flags" as="item()*"/>
    <xsl:variable name="parts" as="xs:string*" select="js:${JS.match}(sv:str($input), sv:str($regex), sv:str($flags))"/>
    <xsl:if test="exists($parts)">
      <xsl:variable name="tree">
        <matches><xsl:for-each select="$parts"><match><xsl:value-of select="."/></match></xsl:for-each></matches>
      </xsl:variable>
      <xsl:sequence select="$tree/matches/match"/>
    </xsl:if>
  </xsl:function>
  <xsl:function name="regexp:test" as="xs:boolean">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:sequence select="regexp:test($input, $regex, '')"/>
  </xsl:function>
  <xsl:function name="regexp:test" as="xs:boolean">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:param name="flags" as="item()*"/>
    <xsl:sequence select="exists(js:${JS.match}(sv:str($input), sv:str($regex), replace(sv:str($flags), 'g', '')))"/>
  </xsl:function>
  <xsl:function name="regexp:replace" as="xs:string">
    <xsl:param name="input" as="item()*"/>
    <xsl:param name="regex" as="item()*"/>
    <xsl:param name="flags" as="item()*"/>
    <xsl:param name="replacement" as="item()*"/>
    <xsl:sequence select="js:${JS.replace}(sv:str($input), sv:str($regex), sv:str($flags), sv:str($replacement))"/>
  </xsl:function>

  <!-- EXSLT dates (no zone = UTC, today = Lima, as the Java tool) -->
  <xsl:function name="date:date" as="xs:string">
    <xsl:sequence select="$sv:today"/>
  </xsl:function>
  <xsl:function name="date:date" as="xs:string">
    <xsl:param name="value" as="item()*"/>
    <xsl:sequence select="js:${JS.dateOf}(sv:str($value))"/>
  </xsl:function>
  <xsl:function name="date:date-time" as="xs:string">
    <xsl:sequence select="$sv:now"/>
  </xsl:function>
  <xsl:function name="date:seconds" as="xs:double">
    <xsl:sequence select="$sv:nowSeconds"/>
  </xsl:function>
  <xsl:function name="date:seconds" as="xs:double">
    <xsl:param name="value" as="item()*"/>
    <xsl:sequence select="xs:double(js:${JS.seconds}(sv:str($value)))"/>
  </xsl:function>
  <xsl:function name="date:difference" as="xs:string">
    <xsl:param name="start" as="item()*"/>
    <xsl:param name="end" as="item()*"/>
    <xsl:sequence select="js:${JS.difference}(sv:str($start), sv:str($end))"/>
  </xsl:function>

  <!-- IBM DataPower -->
  <xsl:function name="dp:variable" as="xs:string">
    <xsl:param name="name" as="item()*"/>
    <xsl:sequence select="if (sv:str($name) = 'var://context/cpe/nombreArchivoEnviado') then $sv:fileName else ''"/>
  </xsl:function>
  <xsl:function name="dp:get-cert-serial" as="xs:string">
    <xsl:param name="cert" as="item()*"/>
    <xsl:sequence select="js:${JS.certSerial}(sv:str($cert))"/>
  </xsl:function>
  <xsl:function name="dp:radix-convert" as="xs:string">
    <xsl:param name="value" as="item()*"/>
    <xsl:param name="from" as="item()*"/>
    <xsl:param name="to" as="item()*"/>
    <xsl:sequence select="js:${JS.radix}(sv:str($value), sv:num($from), sv:num($to))"/>
  </xsl:function>

  <!-- SUNAT's gemfunc:is-blank (declared in validate_utils.xsl with EXSLT func:function, ignored by XSLT 3.0) -->
  <xsl:function name="gemfunc:is-blank" as="xs:boolean">
    <xsl:sequence select="true()"/>
  </xsl:function>
  <xsl:function name="gemfunc:is-blank" as="xs:boolean">
    <xsl:param name="data" as="item()*"/>
    <xsl:sequence select="js:${JS.find}(sv:str($data), '^[\\s]*$')"/>
  </xsl:function>

  <!-- EXSLT dyn:evaluate: only templates none of the rule files call use it -->
  <xsl:function name="dyn:evaluate" as="item()*">
    <xsl:param name="expression" as="item()*"/>
    <xsl:sequence select="error(QName('${SV_NS}', 'sv:unsupported'), 'dyn:evaluate is outside the rules engines on purpose (no SUNAT rule file calls it, nor does the Java reference tool implement it)')"/>
  </xsl:function>
</xsl:stylesheet>
`;
}

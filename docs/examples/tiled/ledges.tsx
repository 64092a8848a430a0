<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="ledges" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <properties>
  <property name="opcode4" value="water"/>
  <property name="opcode5" value="ladder"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="name" value="sky"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="collision" type="int" value="15"/>
   <property name="name" value="brick"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="down" type="bool" value="true"/>
   <property name="name" value="ledge"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="water"/>
   <property name="water" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="ladder" type="bool" value="true"/>
   <property name="name" value="ladder"/>
  </properties>
 </tile>
</tileset>
